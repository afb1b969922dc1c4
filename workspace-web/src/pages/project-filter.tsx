import { useQuery } from '@tanstack/preact-query';
import { inWorkspace, must } from '../api';

/**
 * The issue list's project filters: a project (issues that are its cards), then one of its
 * single-select fields and a value (`field:<fieldNodeId>=<option name>`, or `none` for cards
 * without one). `change` gets every parameter to set, an empty value removing it.
 */
export function ProjectFilter({ workspaceId, params, change }: { workspaceId: string; params: URLSearchParams; change: (next: Record<string, string>) => void }) {
  const api = inWorkspace(workspaceId);
  const projects = useQuery({ queryKey: ['projects', workspaceId], queryFn: () => must(api.GET('/v1/projects', { params: { query: { limit: 100 } } })) });
  const projectId = params.get('project') ?? '';
  const project = useQuery({
    queryKey: ['project', workspaceId, projectId],
    queryFn: () => must(api.GET('/v1/projects/{projectId}', { params: { path: { projectId } } })),
    enabled: Boolean(projectId),
  });
  const fields = (project.data?.fields ?? []).filter((f) => f.dataType === 'single_select' && f.settable);
  const fieldParam = [...params.keys()].find((name) => name.startsWith('field:')) ?? '';
  const fieldId = fieldParam.slice('field:'.length);
  const field = fields.find((f) => f.nodeId === fieldId);
  const clearFields = () => Object.fromEntries([...params.keys()].filter((n) => n.startsWith('field:')).map((n) => [n, '']));
  if ((projects.data?.data ?? []).length === 0) return null;
  return (
    <>
      <div>
        <label for="issue-project">Project</label>
        <select id="issue-project" value={projectId} onChange={(e) => change({ project: (e.target as HTMLSelectElement).value, ...clearFields() })}>
          <option value="">Any</option>
          {(projects.data?.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>{p.title}</option>
          ))}
        </select>
      </div>
      {projectId && fields.length ? (
        <div>
          <label for="issue-project-field">{field ? field.name : 'Project field'}</label>
          <select
            id="issue-project-field"
            value={field ? `${field.nodeId}\u0000${params.get(fieldParam) ?? ''}` : ''}
            onChange={(e) => {
              const [nodeId, value] = (e.target as HTMLSelectElement).value.split('\u0000');
              change({ ...clearFields(), ...(nodeId ? { [`field:${nodeId}`]: value } : {}) });
            }}
          >
            <option value="">Any value</option>
            {fields.map((f) => (
              <optgroup key={f.nodeId} label={f.name}>
                {(f.options ?? []).map((o) => (
                  <option key={o.id} value={`${f.nodeId}\u0000${o.name}`}>{`${f.name}: ${o.name}`}</option>
                ))}
                <option value={`${f.nodeId}\u0000none`}>{`${f.name}: none`}</option>
              </optgroup>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
