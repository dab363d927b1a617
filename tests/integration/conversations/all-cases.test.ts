import { describeCases } from "../helpers/cases";

// The domain's small test modules, in one workerd (tests/integration/helpers/cases.ts).
describeCases(import.meta.glob("./*.cases.ts"));
