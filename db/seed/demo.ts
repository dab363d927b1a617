/**
 * Demo data for local runs: a client with a filled-in business, an engagement manager and a
 * bench of consultants. Produced as plain SQL so the seed script can hand it to
 * `wrangler d1 execute --local --file`.
 *
 * Every row has a fixed id and every INSERT ends in ON CONFLICT DO NOTHING, so seeding twice
 * changes nothing (the first password hash, salted at random, is kept); the one UPDATE links the
 * delivered demo insight to its report only while the link is empty. Rows that depend on a user
 * are inserted only when that user exists, so a conflicting signup made by hand with a demo email
 * cannot make the seed fail on a foreign key.
 */
import {
  DEFAULT_INSIGHT_PREFERENCES,
  type BusinessArea,
  type EmployeeBand,
  type EngagementType,
  type MemberTier,
  type NaicsSector,
  type RevenueBand,
  type UserRole,
} from "../schema";

/** The password of every demo account (shown in the README and on the local login page). */
export const DEMO_PASSWORD = "Partwise-demo-1";

/** Fixed creation instant so the SQL is the same on every run. */
const SEEDED_AT = Date.UTC(2026, 2, 2, 15, 0, 0); // 2026-03-02T15:00:00Z

type DemoUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: UserRole;
};

type DemoBusiness = {
  id: string;
  ownerUserId: string;
  name: string;
  clientRole: string;
  city: string;
  state: string;
  naics: string;
  revenueBand: RevenueBand;
  employeeBand: EmployeeBand;
  numberOfEmployees: number;
  memberTier: MemberTier;
  memberSince: string;
};

export type DemoPastClient = {
  clientDescription: string;
  /** A 2022 NAICS national industry. */
  naicsCode: string;
  employeeBand: EmployeeBand;
  years: number;
};

export type DemoConsultant = DemoUser & {
  profileId: string;
  headline: string;
  businessAreas: BusinessArea[];
  engagementTypes: EngagementType[];
  industries: NaicsSector[];
  /** More specific NAICS codes (3 to 6 digits) they know well. */
  industryCodes: string[];
  /** The employee bands of the companies they work with. */
  companySizes: EmployeeBand[];
  /** Past clients (consultant_experiences), in the order shown. */
  pastClients: DemoPastClient[];
  yearsOfExperience: number;
  education: string;
  missionStatement: string;
  bio: string;
  availability: "available" | "limited" | "unavailable";
  hoursPerWeek: number;
  hourlyRateCents: number;
  location: string;
};

export const DEMO_CLIENT: DemoUser = {
  id: "demo-user-client",
  email: "demo@partwise.test",
  firstName: "Dana",
  lastName: "Whitfield",
  phone: "(207) 555-0143",
  role: "client",
};

export const DEMO_MANAGER: DemoUser = {
  id: "demo-user-manager",
  email: "manager@partwise.test",
  firstName: "Morgan",
  lastName: "Ellis",
  phone: "(617) 555-0188",
  role: "manager",
};

export const DEMO_BUSINESS: DemoBusiness = {
  id: "demo-business-harbor-pine",
  ownerUserId: DEMO_CLIENT.id,
  name: "Harbor & Pine Outfitters",
  clientRole: "Owner",
  city: "Portland",
  state: "ME",
  // 2022 NAICS 459110 Sporting Goods Retailers.
  naics: "459110",
  revenueBand: "5-10 million",
  employeeBand: "25-50",
  numberOfEmployees: 37,
  memberTier: "BASIC",
  memberSince: "2026-03",
};

const consultant = (n: number, person: Omit<DemoConsultant, "id" | "email" | "role" | "profileId">): DemoConsultant => {
  const nn = String(n).padStart(2, "0");
  return {
    id: `demo-user-consultant-${nn}`,
    email: `consultant${n}@partwise.test`,
    role: "consultant",
    profileId: `demo-consultant-profile-${nn}`,
    ...person,
  };
};

export const DEMO_CONSULTANTS: DemoConsultant[] = [
  consultant(1, {
    firstName: "Marcus",
    lastName: "Okafor",
    phone: "(312) 555-0117",
    headline: "Fractional CFO for founder-led distributors and retailers",
    businessAreas: ["finance", "operations", "strategy"],
    engagementTypes: ["fractional", "project"],
    industries: ["42", "44-45", "31-33"],
    industryCodes: ["4239", "459", "4451"],
    companySizes: ["25-50", "50-100"],
    pastClients: [
      {
        clientDescription: "Regional outdoor and sporting goods retailer",
        naicsCode: "459110",
        employeeBand: "25-50",
        years: 4,
      },
      { clientDescription: "Sporting goods wholesaler", naicsCode: "423910", employeeBand: "50-100", years: 5 },
      { clientDescription: "Regional grocery wholesaler", naicsCode: "424410", employeeBand: "150+", years: 12 },
    ],
    yearsOfExperience: 22,
    education: "MBA, University of Michigan Ross School of Business; CPA (Illinois)",
    missionStatement: "Give owners a monthly close they trust and a cash forecast they can run the business on.",
    bio: "Marcus spent twelve years in corporate finance at a regional grocery wholesaler before serving as CFO of two private-equity-backed distributors. He has led three lender refinancings and built thirteen-week cash forecasts for more than forty clients. He works best with companies between $5 and $50 million in revenue that have outgrown their bookkeeper but not yet hired a full-time CFO.",
    availability: "available",
    hoursPerWeek: 20,
    hourlyRateCents: 22500,
    location: "Chicago, IL",
  }),
  consultant(2, {
    firstName: "Elena",
    lastName: "Vasquez",
    phone: "(512) 555-0162",
    headline: "People operations leader for growing service teams",
    businessAreas: ["hr", "leadership"],
    engagementTypes: ["fractional", "coaching"],
    industries: ["62", "54", "72"],
    industryCodes: ["6213", "5416"],
    companySizes: ["50-100", "100-150", "150+"],
    pastClients: [
      { clientDescription: "Multi-site physical therapy group", naicsCode: "621340", employeeBand: "150+", years: 7 },
      { clientDescription: "Boutique management consultancy", naicsCode: "541611", employeeBand: "25-50", years: 2 },
    ],
    yearsOfExperience: 15,
    education: "MS Human Resource Management, Cornell University ILR School",
    missionStatement:
      "Build the hiring, onboarding and review habits that let a 40-person team act like a 400-person one.",
    bio: "Elena ran people operations for a multi-site physical therapy group as it grew from 60 to 450 employees. She has rewritten handbooks for compliance in nine states and designed compensation bands that cut first-year turnover by a third. She coaches new managers through their first difficult conversations.",
    availability: "limited",
    hoursPerWeek: 10,
    hourlyRateCents: 16000,
    location: "Austin, TX",
  }),
  consultant(3, {
    firstName: "Priya",
    lastName: "Raman",
    phone: "(404) 555-0135",
    headline: "Fractional CTO: systems, data and vendor selection",
    businessAreas: ["technology", "operations"],
    engagementTypes: ["project", "fractional"],
    industries: ["51", "54", "52"],
    industryCodes: ["5132", "5241", "5222"],
    companySizes: ["25-50", "100-150"],
    pastClients: [
      { clientDescription: "Payments startup", naicsCode: "522320", employeeBand: "25-50", years: 4 },
      {
        clientDescription: "Mid-size property and casualty insurer",
        naicsCode: "524126",
        employeeBand: "100-150",
        years: 5,
      },
      {
        clientDescription: "Furniture retailer moving off spreadsheets",
        naicsCode: "449110",
        employeeBand: "50-100",
        years: 1,
      },
    ],
    yearsOfExperience: 18,
    education: "BS Computer Science, Georgia Institute of Technology; MBA, Duke University Fuqua School of Business",
    missionStatement: "Help non-technical owners buy the right software once and get real numbers out of it.",
    bio: "Priya was head of engineering at a payments startup and later led ERP and CRM rollouts for mid-size insurers. She has run more than twenty software selections, from RFP to contract, and migrated a dozen companies off spreadsheets onto a proper data warehouse. Clients keep her on to review vendor contracts and security questionnaires.",
    availability: "available",
    hoursPerWeek: 25,
    hourlyRateCents: 21000,
    location: "Atlanta, GA",
  }),
  consultant(4, {
    firstName: "Thomas",
    lastName: "Becker",
    phone: "(614) 555-0109",
    headline: "Operations and lean manufacturing turnaround lead",
    businessAreas: ["operations", "management"],
    engagementTypes: ["fractional", "project"],
    industries: ["31-33", "48-49", "42"],
    industryCodes: ["3323", "4931", "4238"],
    companySizes: ["50-100", "100-150", "150+"],
    pastClients: [
      { clientDescription: "Automotive parts supplier", naicsCode: "336390", employeeBand: "150+", years: 15 },
      { clientDescription: "Structural metal fabricator", naicsCode: "332312", employeeBand: "50-100", years: 3 },
      {
        clientDescription: "Regional industrial supplies distributor",
        naicsCode: "423840",
        employeeBand: "25-50",
        years: 2,
      },
    ],
    yearsOfExperience: 27,
    education: "BS Industrial Engineering, Purdue University; Lean Six Sigma Black Belt",
    missionStatement: "Find the bottleneck, fix it, and leave the team able to find the next one.",
    bio: "Thomas managed plants for an automotive supplier in Ohio and Indiana for fifteen years before going independent. He has cut order-to-ship time in half at a metal fabricator and set up the first warehouse management system at two regional distributors. He is on the floor with the crew from the first week.",
    availability: "available",
    hoursPerWeek: 30,
    hourlyRateCents: 18500,
    location: "Columbus, OH",
  }),
  consultant(5, {
    firstName: "Aisha",
    lastName: "Thompson",
    phone: "(704) 555-0150",
    headline: "Growth marketer for consumer brands and local retail",
    businessAreas: ["marketing", "sales"],
    engagementTypes: ["fractional", "project"],
    industries: ["44-45", "72", "71"],
    industryCodes: ["459", "4581", "7225"],
    companySizes: ["25-50", "50-100", "150+"],
    pastClients: [
      { clientDescription: "90-store outdoor and apparel chain", naicsCode: "459110", employeeBand: "150+", years: 6 },
      { clientDescription: "Regional restaurant group", naicsCode: "722511", employeeBand: "100-150", years: 3 },
      { clientDescription: "Family-owned bike and ski shop", naicsCode: "459110", employeeBand: "0-25", years: 1 },
    ],
    yearsOfExperience: 12,
    education:
      "BA Communications, University of North Carolina at Chapel Hill; MBA, Emory University Goizueta Business School",
    missionStatement: "Spend every marketing dollar where you can see what it brought back.",
    bio: "Aisha led e-commerce and loyalty marketing for a 90-store outdoor and apparel chain, then ran growth for a regional restaurant group. She builds channel plans owners can manage themselves, with attribution set up before the first campaign goes live. Her engagements usually start with a 30-day audit of current spend.",
    availability: "available",
    hoursPerWeek: 20,
    hourlyRateCents: 15000,
    location: "Charlotte, NC",
  }),
  consultant(6, {
    firstName: "Daniel",
    lastName: "Brennan",
    phone: "(414) 555-0126",
    headline: "B2B sales leader: pipeline, pricing and territory design",
    businessAreas: ["sales", "strategy"],
    engagementTypes: ["coaching", "fractional"],
    industries: ["42", "31-33", "54"],
    industryCodes: ["3345", "4236"],
    companySizes: ["25-50", "50-100", "100-150"],
    pastClients: [
      { clientDescription: "Industrial controls manufacturer", naicsCode: "334513", employeeBand: "150+", years: 10 },
      { clientDescription: "Electrical supplies distributor", naicsCode: "423610", employeeBand: "25-50", years: 3 },
    ],
    yearsOfExperience: 19,
    education: "BA Economics, University of Wisconsin–Madison",
    missionStatement: "Turn a founder's personal selling into a repeatable sales process a team can run.",
    bio: "Daniel was vice president of sales at an industrial controls manufacturer, where he grew a four-person team into a national channel of 35 reps and distributors. He designs compensation plans, pipeline reviews and pricing guardrails. He coaches owners who are hiring their first sales manager.",
    availability: "limited",
    hoursPerWeek: 12,
    hourlyRateCents: 17500,
    location: "Milwaukee, WI",
  }),
  consultant(7, {
    firstName: "Grace",
    lastName: "Liu",
    phone: "(212) 555-0171",
    headline: "Executive coach for owners and leadership teams",
    businessAreas: ["leadership", "management"],
    engagementTypes: ["coaching"],
    industries: ["54", "62", "61"],
    industryCodes: ["5411", "6211", "6111"],
    companySizes: ["25-50", "50-100"],
    pastClients: [
      { clientDescription: "Regional law firm", naicsCode: "541110", employeeBand: "50-100", years: 4 },
      { clientDescription: "Independent school", naicsCode: "611110", employeeBand: "25-50", years: 3 },
      { clientDescription: "Family medicine clinic", naicsCode: "621111", employeeBand: "25-50", years: 2 },
    ],
    yearsOfExperience: 24,
    education: "PhD Organizational Psychology, Teachers College, Columbia University; ICF Professional Certified Coach",
    missionStatement: "Help leaders make fewer decisions alone and better ones together.",
    bio: "Grace has coached more than 150 founders and senior leaders at professional-services firms, clinics and independent schools. Before coaching she ran leadership development at a global consulting firm. Her six-month programs pair one-on-one sessions with quarterly leadership-team offsites.",
    availability: "limited",
    hoursPerWeek: 8,
    hourlyRateCents: 24000,
    location: "New York, NY",
  }),
  consultant(8, {
    firstName: "Roberto",
    lastName: "Castillo",
    phone: "(602) 555-0193",
    headline: "Controller-level finance for construction and field services",
    businessAreas: ["finance", "operations"],
    engagementTypes: ["project", "fractional"],
    industries: ["23", "53", "81"],
    industryCodes: ["2382", "5313"],
    companySizes: ["25-50", "50-100"],
    pastClients: [
      { clientDescription: "Commercial electrical contractor", naicsCode: "238210", employeeBand: "50-100", years: 6 },
      {
        clientDescription: "Residential property management company",
        naicsCode: "531311",
        employeeBand: "25-50",
        years: 4,
      },
    ],
    yearsOfExperience: 16,
    education: "BS Accounting, Arizona State University W. P. Carey School of Business; CPA (Arizona)",
    missionStatement: "Know what every job made before the next bid goes out.",
    bio: "Roberto was controller for a commercial electrical contractor and a property management company. He sets up job costing, work-in-progress schedules and bonding-ready financial statements. Contractors bring him in when margins on finished jobs keep surprising them.",
    availability: "available",
    hoursPerWeek: 20,
    hourlyRateCents: 14000,
    location: "Phoenix, AZ",
  }),
  consultant(9, {
    firstName: "Hannah",
    lastName: "Sorensen",
    phone: "(612) 555-0148",
    headline: "Digital marketing and e-commerce platform specialist",
    businessAreas: ["marketing", "technology"],
    engagementTypes: ["project"],
    industries: ["44-45", "51", "71"],
    industryCodes: ["459", "7131"],
    companySizes: ["0-25", "25-50"],
    pastClients: [
      {
        clientDescription: "Specialty outdoor retailer's online store",
        naicsCode: "459110",
        employeeBand: "0-25",
        years: 2,
      },
      { clientDescription: "Independent bookstore", naicsCode: "459210", employeeBand: "0-25", years: 1 },
      { clientDescription: "Family amusement park", naicsCode: "713110", employeeBand: "25-50", years: 2 },
    ],
    yearsOfExperience: 9,
    education: "BS Marketing, University of Minnesota Carlson School of Management; Google Analytics certification",
    missionStatement: "Make the online store as easy to run as the one on Main Street.",
    bio: "Hannah has launched or re-platformed more than thirty Shopify and BigCommerce stores for specialty retailers and attractions. She connects the store, email and point-of-sale data so owners see one customer list. Projects typically run eight to twelve weeks with a hand-off playbook for in-house staff.",
    availability: "available",
    hoursPerWeek: 30,
    hourlyRateCents: 12500,
    location: "Minneapolis, MN",
  }),
  consultant(10, {
    firstName: "James",
    lastName: "Adeyemi",
    phone: "(202) 555-0132",
    headline: "Strategy adviser to owners planning growth or succession",
    businessAreas: ["strategy", "leadership"],
    engagementTypes: ["coaching", "fractional"],
    industries: ["62", "52", "56"],
    industryCodes: ["6216", "5242"],
    companySizes: ["50-100", "100-150", "150+"],
    pastClients: [
      { clientDescription: "Home-health company", naicsCode: "621610", employeeBand: "150+", years: 8 },
      { clientDescription: "Regional insurance agency", naicsCode: "524210", employeeBand: "25-50", years: 3 },
    ],
    yearsOfExperience: 30,
    education: "MBA, Harvard Business School; BA History, Howard University",
    missionStatement: "Give every owner a plan they would still sign three years from now.",
    bio: "James spent a decade in strategy consulting before running a home-health company through two acquisitions and a sale. He now advises owners on three-year plans, board formation and succession. He takes on a small number of clients at a time and is currently fully booked.",
    availability: "unavailable",
    hoursPerWeek: 0,
    hourlyRateCents: 30000,
    location: "Washington, DC",
  }),
  consultant(11, {
    firstName: "Sofia",
    lastName: "Marchetti",
    phone: "(401) 555-0157",
    headline: "HR and frontline management for hospitality and retail",
    businessAreas: ["hr", "management"],
    engagementTypes: ["fractional", "coaching"],
    industries: ["72", "44-45", "81"],
    industryCodes: ["7211", "7225", "4591"],
    companySizes: ["25-50", "100-150", "150+"],
    pastClients: [
      {
        clientDescription: "New England hotel and restaurant group",
        naicsCode: "721110",
        employeeBand: "150+",
        years: 6,
      },
      { clientDescription: "Seasonal outdoor outfitter", naicsCode: "459110", employeeBand: "25-50", years: 2 },
    ],
    yearsOfExperience: 11,
    education: "BA Psychology, Boston College; SHRM Senior Certified Professional (SHRM-SCP)",
    missionStatement: "Keep good hourly people by giving them managers worth staying for.",
    bio: "Sofia ran HR for a New England hotel and restaurant group with 700 seasonal and year-round staff. She builds scheduling, training and shift-lead programs that hold up through peak season. She has cut seasonal rehiring costs by bringing back more than half of each summer crew.",
    availability: "available",
    hoursPerWeek: 16,
    hourlyRateCents: 13000,
    location: "Providence, RI",
  }),
  consultant(12, {
    firstName: "Kevin",
    lastName: "Nakamura",
    phone: "(206) 555-0184",
    headline: "CRM and revenue-operations architect",
    businessAreas: ["technology", "sales"],
    engagementTypes: ["project", "fractional"],
    industries: ["54", "51", "42"],
    industryCodes: ["5132", "4234", "5418"],
    companySizes: ["25-50", "50-100"],
    pastClients: [
      { clientDescription: "Logistics software company", naicsCode: "513210", employeeBand: "50-100", years: 4 },
      { clientDescription: "Office equipment wholesaler", naicsCode: "423420", employeeBand: "25-50", years: 2 },
      { clientDescription: "Digital marketing agency", naicsCode: "541810", employeeBand: "0-25", years: 1 },
    ],
    yearsOfExperience: 8,
    education: "BS Informatics, University of Washington Information School; Salesforce Certified Technical Architect",
    missionStatement: "Make the CRM the place the sales team wants to work, not a chore.",
    bio: "Kevin built the revenue-operations function at a Seattle logistics software company and has since implemented Salesforce and HubSpot for wholesalers and agencies. He cleans up pipeline stages, automates quoting and wires the CRM to accounting. His projects end with dashboards the owner reads every Monday.",
    availability: "available",
    hoursPerWeek: 25,
    hourlyRateCents: 16500,
    location: "Seattle, WA",
  }),
];

/**
 * The demo client's insights (C's and D's tests use these ids): one delivered report, authored by
 * the demo manager, and one paid request waiting for a manager.
 */
export const DEMO_INSIGHTS = {
  delivered: {
    requestId: "demo-insight-delivered",
    reportId: "demo-report-delivered",
    category: "operations",
    title: "Cut stockouts with a weekly reorder rhythm",
  },
  submitted: { requestId: "demo-insight-submitted", category: "marketing" },
} as const;

/** Fixed instants of the demo insights' history. */
const INSIGHT_TIMES = {
  deliveredCreated: Date.UTC(2026, 9, 2, 14, 30, 0), // 2026-10-02T14:30Z
  deliveredPaid: Date.UTC(2026, 9, 2, 14, 36, 0),
  reportDrafted: Date.UTC(2026, 9, 5, 10, 0, 0),
  delivered: Date.UTC(2026, 9, 9, 16, 0, 0),
  submittedCreated: Date.UTC(2026, 10, 3, 9, 15, 0), // 2026-11-03T09:15Z
  submittedPaid: Date.UTC(2026, 10, 3, 9, 21, 0),
} as const;

/** The answers of the delivered request (spec §5 insight overview), as the client wrote them. */
const DELIVERED_ANSWERS = {
  business_nature:
    "Independent outdoor and camping retailer with two stores in Portland and Freeport and an online shop; about 60% of sales are between May and August and in December.",
  management_structure:
    "Owner-operator (Dana) with a store manager at each location, a part-time buyer and an outside bookkeeper.",
  num_employees: "25-50",
  annual_sales: "5-10 million",
  issue_details:
    "We keep running out of our best-selling tents, stoves and paddles in June and July while slow items sit in the back room. Reorders are placed by the buyer from memory when shelves look empty.",
  issue_cause:
    "No reorder points in the point-of-sale system, stock counted only at quarter end, and supplier lead times of three to six weeks in summer.",
  resolution_outcome:
    "No stockouts on our top 50 items during the summer season without tying up more cash in inventory than last year.",
  resolution_help: "A clear reorder process our buyer and store managers can run every week.",
};

/** The published report on the delivered request, as the demo manager wrote it. */
const DELIVERED_REPORT = {
  highLevelSummary: [
    "Harbor & Pine Outfitters sells camping, paddling and outdoor clothing from two stores and an online shop, with most of its sales in the summer months and December. The stockouts you described come from the buying process rather than from suppliers: reorders are placed when a shelf looks empty, which in July is already three to six weeks too late for your main tent and stove suppliers.",
    "Your sales history shows that about 50 items make up roughly 40% of summer revenue. For those items a reorder point based on weekly sales and supplier lead time, checked once a week, would have triggered the June and July orders in early May. Slow items, by contrast, have no stop rule, so cash that should fund the top sellers sits in the back room.",
    "The goal you set, no stockouts on the top 50 items without more cash in stock, is achievable: moving a quarter of the slow-moving stock and reordering top sellers earlier keeps total inventory at last year's level.",
  ].join("\n\n"),
  recommendations: [
    "Set a reorder point for each of your top 50 items: average weekly sales in the peak season times the supplier lead time in weeks, plus two weeks of safety stock.",
    "Review the reorder report every Monday and place orders the same day; the buyer owns it, a store manager covers holidays.",
    "Place summer pre-season orders for tents, stoves and paddles by mid-March, with delivery split between April and June.",
    "Count the top 50 items every month instead of every quarter, so the reorder points work from real numbers.",
    "Mark down any item with no sale in 120 days and stop reordering it until the stock is cleared.",
    "Suggested engagement: a project with a fixed scope, timeline and deliverables, handed over to your team at the end.",
  ].join("\n"),
};

/** The answers of the request waiting for a manager. */
const SUBMITTED_ANSWERS = {
  business_nature:
    "Outdoor and camping retailer with two Maine stores and an online shop that has grown to about 15% of sales.",
  management_structure:
    "Owner-operator with two store managers; marketing is handled by the owner and a part-time social media contractor.",
  num_employees: "25-50",
  annual_sales: "5-10 million",
  issue_details:
    "Online sales have been flat since spring even though we spend about $6,000 a month on search and social ads. We cannot tell which ads bring customers to the stores or the website.",
  issue_cause:
    "Ads are not connected to online orders or to the point-of-sale system, and we have never looked at results by channel.",
  resolution_outcome:
    "Know which channels bring paying customers and grow online sales by 20% next year without raising the ad budget.",
  resolution_help: "An audit of our current ad spend and help setting up tracking we can read ourselves.",
};

export type DemoAccount = { email: string; role: UserRole; name: string };

/** Every demo sign-in; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [DEMO_CLIENT, DEMO_MANAGER, ...DEMO_CONSULTANTS].map((user) => ({
  email: user.email,
  role: user.role,
  name: `${user.firstName} ${user.lastName}`,
}));

// ---------------------------------------------------------------------------------------------
// SQL rendering
// ---------------------------------------------------------------------------------------------

type SqlValue = string | number | boolean | null;

/** A SQL literal. Strings are single-quoted with quotes doubled; NUL is rejected. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (value.includes("\0")) throw new Error("NUL character in seed string");
  return `'${value.replace(/'/g, "''")}'`;
}

function columnsAndValues(row: Record<string, SqlValue>) {
  const columns = Object.keys(row);
  return { columns: columns.join(", "), values: columns.map((c) => sqlLiteral(row[c])).join(", ") };
}

/** INSERT ... VALUES ... ON CONFLICT DO NOTHING (any unique key, not only the id). */
function insert(table: string, row: Record<string, SqlValue>): string {
  const { columns, values } = columnsAndValues(row);
  return `INSERT INTO ${table} (${columns}) VALUES (${values}) ON CONFLICT DO NOTHING;`;
}

/**
 * INSERT ... SELECT ... WHERE EXISTS (the user) ON CONFLICT DO NOTHING. The WHERE clause is also
 * what SQLite needs to parse an upsert after a SELECT.
 */
function insertForUser(table: string, userId: string, row: Record<string, SqlValue>): string {
  const { columns, values } = columnsAndValues(row);
  return `INSERT INTO ${table} (${columns}) SELECT ${values} WHERE EXISTS (SELECT 1 FROM users WHERE id = ${sqlLiteral(
    userId,
  )}) ON CONFLICT DO NOTHING;`;
}

/** INSERT ... SELECT ... WHERE <condition> ON CONFLICT DO NOTHING. */
function insertWhere(table: string, condition: string, row: Record<string, SqlValue>): string {
  const { columns, values } = columnsAndValues(row);
  return `INSERT INTO ${table} (${columns}) SELECT ${values} WHERE ${condition} ON CONFLICT DO NOTHING;`;
}

function userRow(user: DemoUser, passwordHash: string): Record<string, SqlValue> {
  return {
    id: user.id,
    email: user.email.toLowerCase(),
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    password_hash: passwordHash,
    role: user.role,
    // The demo's engagement manager runs everything, staff included.
    staff_role: user.role === "manager" ? "admin" : null,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    // Every demo account counts as verified (docs/decisions/070).
    email_verified_at: SEEDED_AT,
  };
}

/** The fixed id of a demo consultant's past client: "demo-consultant-experience-01-1". */
export function demoExperienceId(c: DemoConsultant, index: number): string {
  return `demo-consultant-experience-${c.profileId.slice(-2)}-${index + 1}`;
}

/** The fixed id of a demo consultant's launch vetting: "demo-consultant-vetting-01". */
export function demoVettingId(c: DemoConsultant): string {
  return `demo-consultant-vetting-${c.profileId.slice(-2)}`;
}

/** The demo consultants' time zones, from the state of their 'City, ST'. */
export function demoTimeZone(location: string): string {
  const state = location.slice(-2);
  if (["TX", "IL", "WI", "MN"].includes(state)) return "America/Chicago";
  if (state === "AZ") return "America/Phoenix";
  if (state === "WA") return "America/Los_Angeles";
  return "America/New_York";
}

/**
 * The demo seed as SQL statements, one per row, in foreign-key order. `passwordHash` is the
 * stored hash of DEMO_PASSWORD (from app/server/identity/password.server.ts hashPassword with the pepper).
 */
export function demoSeedSql(passwordHash: string): string[] {
  const statements: string[] = [];
  for (const user of [DEMO_CLIENT, DEMO_MANAGER, ...DEMO_CONSULTANTS]) {
    statements.push(insert("users", userRow(user, passwordHash)));
  }

  const b = DEMO_BUSINESS;
  statements.push(
    insertForUser("businesses", b.ownerUserId, {
      id: b.id,
      owner_user_id: b.ownerUserId,
      name: b.name,
      client_role: b.clientRole,
      city: b.city,
      state: b.state,
      naics: b.naics,
      revenue_band: b.revenueBand,
      employee_band: b.employeeBand,
      number_of_employees: b.numberOfEmployees,
      member_tier: b.memberTier,
      member_since: b.memberSince,
      insight_preferences: JSON.stringify(DEFAULT_INSIGHT_PREFERENCES),
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
    }),
  );
  // Its owner's membership (docs/decisions/066), as sign-up writes it.
  statements.push(
    insertWhere("business_members", `EXISTS (SELECT 1 FROM businesses WHERE id = ${sqlLiteral(b.id)})`, {
      business_id: b.id,
      user_id: b.ownerUserId,
      role: "owner",
      created_at: SEEDED_AT,
    }),
  );

  for (const c of DEMO_CONSULTANTS) {
    statements.push(
      insertForUser("consultant_profiles", c.id, {
        id: c.profileId,
        user_id: c.id,
        headline: c.headline,
        business_areas: JSON.stringify(c.businessAreas),
        engagement_types: JSON.stringify(c.engagementTypes),
        industries: JSON.stringify(c.industries),
        industry_codes: JSON.stringify(c.industryCodes),
        company_sizes: JSON.stringify(c.companySizes),
        years_of_experience: c.yearsOfExperience,
        education: c.education,
        mission_statement: c.missionStatement,
        bio: c.bio,
        availability: c.availability,
        hours_per_week: c.hoursPerWeek,
        hourly_rate_cents: c.hourlyRateCents,
        rate_unit: "hour",
        rate_cents: c.hourlyRateCents,
        time_zone: demoTimeZone(c.location),
        currency: "usd",
        location: c.location,
        vetted: true,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      }),
    );
  }
  for (const c of DEMO_CONSULTANTS) {
    c.pastClients.forEach((past, i) => {
      statements.push(
        insertForUser("consultant_experiences", c.id, {
          id: demoExperienceId(c, i),
          consultant_id: c.id,
          client_description: past.clientDescription,
          naics_code: past.naicsCode,
          employee_band: past.employeeBand,
          years: past.years,
          created_at: SEEDED_AT,
        }),
      );
    });
  }
  // The launch vetting of each consultant, so their history in the console is not empty.
  const managerExists = `EXISTS (SELECT 1 FROM users WHERE id = ${sqlLiteral(DEMO_MANAGER.id)})`;
  for (const c of DEMO_CONSULTANTS) {
    statements.push(
      insertWhere(
        "consultant_vettings",
        `${managerExists} AND EXISTS (SELECT 1 FROM consultant_profiles WHERE user_id = ${sqlLiteral(c.id)})`,
        {
          id: demoVettingId(c),
          consultant_id: c.id,
          decision: "vetted",
          notes: "Vetted at launch",
          decided_by_id: DEMO_MANAGER.id,
          created_at: SEEDED_AT,
        },
      ),
    );
  }
  statements.push(...demoInsightSql());
  return statements;
}

/**
 * The demo client's insights: a delivered request with its published report (and the in-app
 * notification publishing it sent), and a paid request waiting for a manager. Each row is written
 * only when the rows it points to exist. The delivered request and its report point at each other:
 * the request is inserted first without the report, and one conditional UPDATE links them while
 * the link is still empty, so a second run changes nothing.
 */
function demoInsightSql(): string[] {
  const d = DEMO_INSIGHTS.delivered;
  const sub = DEMO_INSIGHTS.submitted;
  const businessExists = `EXISTS (SELECT 1 FROM businesses WHERE id = ${sqlLiteral(
    DEMO_BUSINESS.id,
  )} AND owner_user_id = ${sqlLiteral(DEMO_CLIENT.id)})`;
  const managerExists = `EXISTS (SELECT 1 FROM users WHERE id = ${sqlLiteral(DEMO_MANAGER.id)})`;
  const requestExists = `EXISTS (SELECT 1 FROM insight_requests WHERE id = ${sqlLiteral(d.requestId)})`;
  return [
    insertWhere("insight_requests", `${businessExists} AND ${managerExists}`, {
      id: d.requestId,
      business_id: DEMO_BUSINESS.id,
      created_by_user_id: DEMO_CLIENT.id,
      category: d.category,
      ...DELIVERED_ANSWERS,
      status: "ready",
      payment_complete: true,
      covered_by_plan: false,
      insight_report_id: null,
      assigned_manager_id: DEMO_MANAGER.id,
      created_at: INSIGHT_TIMES.deliveredCreated,
      updated_at: INSIGHT_TIMES.delivered,
      submitted_at: INSIGHT_TIMES.deliveredPaid,
      delivered_at: INSIGHT_TIMES.delivered,
    }),
    insertWhere("insight_reports", `${requestExists} AND ${managerExists}`, {
      id: d.reportId,
      insight_request_id: d.requestId,
      business_id: DEMO_BUSINESS.id,
      category: d.category,
      title: d.title,
      high_level_summary: DELIVERED_REPORT.highLevelSummary,
      recommendations: DELIVERED_REPORT.recommendations,
      status: "published",
      author_id: DEMO_MANAGER.id,
      created_at: INSIGHT_TIMES.reportDrafted,
      updated_at: INSIGHT_TIMES.delivered,
      published_at: INSIGHT_TIMES.delivered,
    }),
    `UPDATE insight_requests SET insight_report_id = ${sqlLiteral(d.reportId)} WHERE id = ${sqlLiteral(
      d.requestId,
    )} AND insight_report_id IS NULL AND EXISTS (SELECT 1 FROM insight_reports WHERE id = ${sqlLiteral(d.reportId)});`,
    insertWhere("notifications", requestExists, {
      id: "demo-notification-insight-delivered",
      user_id: DEMO_CLIENT.id,
      business_id: DEMO_BUSINESS.id,
      kind: "insight_ready",
      title: "Your insight is available!",
      body: d.title,
      link: `/insight-discovery?type=REPORT&id=${d.requestId}`,
      read_at: null,
      created_at: INSIGHT_TIMES.delivered,
    }),
    insertWhere("insight_requests", businessExists, {
      id: sub.requestId,
      business_id: DEMO_BUSINESS.id,
      created_by_user_id: DEMO_CLIENT.id,
      category: sub.category,
      ...SUBMITTED_ANSWERS,
      status: "submitted",
      payment_complete: true,
      covered_by_plan: false,
      insight_report_id: null,
      assigned_manager_id: null,
      created_at: INSIGHT_TIMES.submittedCreated,
      updated_at: INSIGHT_TIMES.submittedPaid,
      submitted_at: INSIGHT_TIMES.submittedPaid,
      delivered_at: null,
    }),
  ];
}

/** Number of rows the seed writes per table (for the seed script's summary and the tests). */
export const DEMO_SEED_COUNTS = {
  users: 2 + DEMO_CONSULTANTS.length,
  businesses: 1,
  consultantProfiles: DEMO_CONSULTANTS.length,
  consultantExperiences: DEMO_CONSULTANTS.reduce((sum, c) => sum + c.pastClients.length, 0),
  consultantVettings: DEMO_CONSULTANTS.length,
  insightRequests: 2,
  insightReports: 1,
  notifications: 1,
} as const;
