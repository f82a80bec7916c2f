import {
  WORKFLOW_API_PATH,
  WorkflowInputSchema,
  WorkflowPatchSchema,
  WorkflowSchema,
} from '@listloop/domain';
import { access } from '../../platform/http/access';
import { activity } from '../../platform/http/activity';
import { requireContext } from '../../platform/http/request-context';
import { errorResponses, type App } from '../../platform/http/types';
import type { WorkflowService } from './workflow.service';

/** Spec §7 Account and workflow: GET, PUT, PATCH /api/rest/v1/enterprise/workflow. */
export async function workflowRoutes(app: App, deps: { service: WorkflowService }) {
  const tags = ['workflow'];
  const description =
    'crosslistWorkflow is how new items come in: created in ListLoop, imported from eBay on a ' +
    'schedule (importFromEbay.everyHours, while importFromEbay.enabled and an eBay account is ' +
    'connected), or from a CSV file. steps is what the product does for a new item, in order; ' +
    'schedule.nextImportAt is when the next eBay import starts (null: none is scheduled).';

  app.get(
    WORKFLOW_API_PATH,
    {
      schema: {
        tags,
        summary: "The account's crosslisting workflow",
        description,
        response: { 200: WorkflowSchema, ...errorResponses },
      },
      config: { access: access.member() },
    },
    async (request) => deps.service.get(requireContext(request)),
  );

  app.put(
    WORKFLOW_API_PATH,
    {
      schema: {
        tags,
        summary: "Replace the account's crosslisting workflow",
        description,
        body: WorkflowInputSchema,
        response: { 200: WorkflowSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('workflow'),
        access: access.member('account.manage'),
      },
    },
    async (request) => deps.service.put(requireContext(request), request.body),
  );

  app.patch(
    WORKFLOW_API_PATH,
    {
      schema: {
        tags,
        summary: "Change part of the account's crosslisting workflow",
        description,
        body: WorkflowPatchSchema,
        response: { 200: WorkflowSchema, ...errorResponses },
      },
      config: {
        activity: activity.accountSettings('workflow'),
        access: access.member('account.manage'),
      },
    },
    async (request) => deps.service.patch(requireContext(request), request.body),
  );
}
