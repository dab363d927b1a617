/** Every text of the Documents Hub (the /features panel, the dashboard card, the plan page's quota). */
import type { DocumentSource } from "./document-rules";

export const DOCUMENT_SOURCE_LABELS: Record<DocumentSource, string> = {
  company: "Company documents",
  insight: "Insight requests",
  match: "Match requests",
  deliverable: "Deliverables",
  sow: "Signed statements of work",
  report: "Reports",
};

export const DOCUMENT_COPY = {
  title: "Documents",
  cardTitle: "Documents Hub",
  intro:
    "Every document of your business in one place: your own uploads and the files of your requests and engagements.",
  // Storage
  storageHeading: "Storage",
  storageUsed: (used: string, quota: string) => `${used} of ${quota} used`,
  storageIncluded: (quota: string) => `${quota} of storage`,
  quotaExceeded: (quota: string) =>
    `This upload would take your documents over your plan's ${quota} of storage. Nothing was uploaded: delete documents or upgrade your plan.`,
  // Upload
  uploadHeading: "Upload company documents",
  uploadFiles: "Files",
  uploadHint: "PDF, Word, Excel, CSV, OpenDocument, PNG or JPG; at most 16 MB each.",
  uploadFolder: "Folder (optional)",
  folderHint: "Choose a folder or type a new name; leave empty for none.",
  uploadButton: "Upload",
  uploaded: (count: number) => (count === 1 ? "Your document was uploaded." : `${count} documents were uploaded.`),
  // Filters
  filterHeading: "Find documents",
  search: "Search by name",
  sort: "Sort by",
  sortNewest: "Newest first",
  sortOldest: "Oldest first",
  sortName: "Name (A–Z)",
  folderFilter: "Folder",
  allFolders: "All folders",
  applyFilters: "Apply",
  clearFilters: "Clear",
  // Table
  columnName: "Name",
  columnSource: "Source",
  columnUploaded: "Uploaded",
  columnSize: "Size",
  columnActions: "Actions",
  uploadedBy: (who: string, when: string) => (who ? `${who}, ${when}` : when),
  download: "Download",
  view: "View",
  noDocuments: "No documents here yet.",
  noMatches: "No documents match your search.",
  folderLabel: (folder: string) => `Folder: ${folder}`,
  sharedWith: (match: string) => `Shared with ${match}`,
  // Manage a company document
  manage: "Manage",
  rename: "Rename",
  newName: "New name",
  renameHint: "The extension stays the same.",
  renamed: "The document was renamed.",
  move: "Move",
  moveFolder: "Folder",
  moved: "The document was moved.",
  remove: "Delete",
  removed: "The document was deleted.",
  share: "Share",
  shareWith: "Share with a match request",
  shared: "The document is shared with the match request: its engagement manager and the consultants on it can see it.",
  unshare: "Stop sharing",
  unshared: "The document is no longer shared.",
  noMatchesToShare: "You have no match requests to share with yet.",
  // Errors
  chooseAction: "Choose what to do with the document.",
  notFound: "Document not found.",
  matchNotFound: "Match request not found.",
  notCompanyDocument:
    "Only your company documents can be changed here; files of requests and deliverables stay with them.",
  nameInvalid: "Enter a name of 1 to 150 characters.",
  folderInvalid: "A folder name has at most 60 characters.",
  // Source descriptions
  uploadedSource: "Company upload",
  insightSource: (area: string) => `${area} insight request`,
  matchSource: (area: string) => `${area} match request`,
  messageSource: (area: string) => `Message on the ${area} match`,
  deliverableSource: (item: string) => `Deliverable: ${item}`,
  sowName: (title: string, version: number) => `Statement of work: ${title} (version ${version})`,
  sowSource: "Signed statement of work",
  insightReportSource: "Insight report",
  benchmarkingName: (period: string) => `Benchmarking report ${period}`,
  benchmarkingSource: "Benchmarking",
  untitledEngagement: "Engagement",
  // Dashboard card
  cardCount: (count: number) => (count === 1 ? "1 document" : `${count} documents`),
  cardEmpty: "No documents yet. Upload your company documents to keep them in one place.",
  newestHeading: "Newest",
  openHub: "Open the Documents Hub",
  matchOption: (area: string, date: string) => `${area} match request of ${date}`,
} as const;
