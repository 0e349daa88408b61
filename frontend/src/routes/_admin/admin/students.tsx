import { createFileRoute } from "@tanstack/react-router";
import { PagePlaceholder } from "../../../components/PagePlaceholder";

export const Route = createFileRoute("/_admin/admin/students")({
  component: () => (
    <PagePlaceholder
      title="Student Management"
      description="Manage and view all registered students"
    />
  ),
});
