// The committed benchmarks file's lookups, as the Worker builds them from the asset's text.
import data from "../../../public/reference/benchmarks.json";
import { referenceDataOf } from "~/server/benchmarking/reference-data.server";

export const REFERENCE_DATA = referenceDataOf(data);
export const {
  absByEmployerSize,
  absByReceiptsSize,
  absCodesAtLevel,
  absIndustry,
  constructionIndustry,
  naics2022Change,
  retailIndustry,
  sectorDistribution,
  susbByEnterpriseSize,
} = REFERENCE_DATA;
