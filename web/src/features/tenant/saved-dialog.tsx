// Kept for the reports (bitacora imports it from here): they move to components/ after their rewrite.
export { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
