// The person's policy acceptances (terms-and-policies; issue 31).
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { PolicyAcceptances } from "../../api/schemas.gen";

export const acceptancesQuery = () =>
  queryOptions({
    queryKey: ["policies", "accepted"],
    queryFn: () => api.get("/v2/users/policies", PolicyAcceptances),
  });
