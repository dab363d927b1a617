import { DocumentsPanel } from "~/components/documents/documents-panel";

/**
 * The Documents tab of /features (the Documents Hub). Its own module, loaded with React.lazy, so
 * the other tabs do not download the hub's code (uploads and their checks) up front.
 */
export default DocumentsPanel;
