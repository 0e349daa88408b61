import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/PagePlaceholder";

export const Route = createFileRoute("/_admin/admin/tutors-management")({
  component: () => (
    <PagePlaceholder
      title="Tutor Management"
      description="Manage and view all registered tutors"
    />
  ),
});
