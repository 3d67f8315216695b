import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { Project } from '@shared/api';
import { Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PREVIEW_NOTICE, isPreviewEngine } from '@shared/domain';
import { PreviewNotice } from '../../components/preview-notice';
import { BATCH_TAB, PROPERTIES_TAB, WORKSPACE_TAB_PARAM } from '../../lib/app-paths';
import { useCurrentUser } from '../../lib/auth';
import { creditsLeft, useLimits } from '../../lib/limits';
import { useServerEngine } from '../../lib/public-config';
import { usePageMeta } from '../../lib/use-page-meta';
import { BatchPanel, itemsToProcess, processBatchLabel } from './batch';
import { PaywallModal } from '../../components/paywall';
import { projectQueryOptions, useRecentProjects } from '../../api/projects';
import { RecentProjects } from './projects/recent-projects';
import { BatchReview } from './components/batch-review';
import { WorkspaceHeaderTools } from './components/header-tools';
import { ImagePicker } from './components/image-picker';
import { ResultColumn } from './components/result-column';
import { SignInCard } from './components/sign-in-card';
import { StagingOptionsPanel } from './components/staging-options-panel';
import { useSingleStaging } from './hooks/use-single-staging';
import { useProjectLink } from './hooks/use-project-link';
import { useWorkspaceBatch } from './hooks/use-workspace-batch';
import { useWorkspaceOptions } from './hooks/use-workspace-options';
import { WORKSPACE_TOASTS } from './workspace-messages';
import { showError } from '../../components/toast';

const BATCH = 1;
const PROPERTIES = 2;
const tabClass =
  'min-h-11 flex-1 rounded-lg px-2 text-sm font-medium sm:px-3 sm:text-base text-slate-300 data-hover:text-white data-selected:bg-indigo-500 data-selected:text-white focus:outline-none data-focus:outline-2 data-focus:outline-indigo-400';

/** The staging workspace (`/` signed in, `/app` for anyone); the app supplies the header around our tools. */
export function WorkspacePage({
  renderHeader,
  renderProperties,
}: {
  renderHeader?: (tools: ReactNode) => ReactNode;
  /** The Properties tab's panel (features/properties, composed in app/). */
  renderProperties?: (signedIn: boolean) => ReactNode;
}) {
  usePageMeta('Workspace', 'Stage, unstage and restyle your room photos.');
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const limits = useLimits(signedIn);
  const projects = useRecentProjects(signedIn);
  const engine = useServerEngine();
  const [options, setOptions] = useWorkspaceOptions();
  // The Properties tab is in the address, so a property's screen leads back to it.
  const [params, setParams] = useSearchParams();
  const named = params.get(WORKSPACE_TAB_PARAM);
  const tab = named === PROPERTIES_TAB ? PROPERTIES : named === BATCH_TAB ? BATCH : 0;
  const setTab = (index: number) => {
    const next = new URLSearchParams(params);
    if (index === PROPERTIES) next.set(WORKSPACE_TAB_PARAM, PROPERTIES_TAB);
    else if (index === BATCH) next.set(WORKSPACE_TAB_PARAM, BATCH_TAB);
    else next.delete(WORKSPACE_TAB_PARAM);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  };
  const single = useSingleStaging({ signedIn, options, setOptions });
  const batch = useWorkspaceBatch({ signedIn, options });
  /** The batch result reviewed in the batch tab. */
  const [reviewed, setReviewed] = useState<string | null>(null);

  const viewProject = (p: Project) => {
    single.view(p);
    setTab(0);
  };
  const viewById = (id: string) => {
    const known = projects.data?.find((p) => p.id === id);
    if (known) return viewProject(known);
    void queryClient
      .fetchQuery(projectQueryOptions(id))
      .then(viewProject, () =>
        showError(WORKSPACE_TOASTS.projectGone.description, WORKSPACE_TOASTS.projectGone.title),
      );
  };
  useProjectLink(signedIn, viewById);

  const busy = single.creating || batch.running || (tab === 0 && single.unfinished);
  const generateLabel =
    tab === 0 ? 'Generate Staging' : processBatchLabel(itemsToProcess(batch.items).length);

  return (
    <>
      {renderHeader?.(<WorkspaceHeaderTools />)}
      <main className="mx-auto max-w-7xl px-3 py-4 sm:px-4 sm:py-6">
        <h1 className="sr-only">Staging workspace</h1>
        {isPreviewEngine(engine) && <PreviewNotice message={PREVIEW_NOTICE} className="mb-4" />}
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-6">
          <div className="space-y-4">
            <TabGroup selectedIndex={tab} onChange={setTab}>
              <TabList aria-label="Staging type" className="flex gap-1 rounded-xl bg-slate-900 p-1">
                <Tab className={tabClass}>Single Image</Tab>
                <Tab className={tabClass}>Batch Processing</Tab>
                <Tab className={tabClass}>Properties</Tab>
              </TabList>
              <TabPanels className="mt-4">
                <TabPanel>
                  <ImagePicker
                    file={single.file}
                    previewUrl={single.previewUrl}
                    refusal={single.refusal}
                    disabled={single.creating}
                    onFile={single.chooseFile}
                  />
                </TabPanel>
                <TabPanel>
                  <BatchPanel
                    items={batch.items}
                    running={batch.running}
                    notice={batch.notice}
                    batchRoomType={options.roomType}
                    onRoomType={batch.setRoomType}
                    onAddFiles={batch.addFiles}
                    onRemove={batch.remove}
                    onClear={batch.clear}
                    onRetry={batch.retry}
                    onView={setReviewed}
                    creditsLeft={signedIn ? creditsLeft(limits.data) : null}
                  />
                </TabPanel>
                <TabPanel>
                  <Suspense fallback={<p className="p-4 text-sm text-slate-400">Loading properties...</p>}>
                    {renderProperties?.(signedIn)}
                  </Suspense>
                </TabPanel>
              </TabPanels>
            </TabGroup>
            {tab !== PROPERTIES && (
              <StagingOptionsPanel
                value={options}
                onChange={setOptions}
                onGenerate={() => void (tab === 0 ? single.generate() : batch.start())}
                busy={busy}
                generateLabel={generateLabel}
                roomNote={tab === 0 ? single.roomNote : null}
              />
            )}
            {!signedIn && tab !== PROPERTIES && <SignInCard />}
          </div>
          <div className="space-y-4">
            {/* Hidden, not unmounted, on the Batch tab: coming back must not scroll to the result again. */}
            <div hidden={tab !== 0}>
              <ResultColumn
                project={single.project}
                status={single.status}
                previewUrl={single.previewUrl}
                creating={single.creating}
                refused={single.refusal !== null}
                onRestaged={single.follow}
              />
            </div>
            {tab === BATCH && (
              <BatchReview items={batch.items} selectedId={reviewed} onSelect={setReviewed} />
            )}
            {signedIn && (
              <RecentProjects
                projects={projects.data}
                loading={projects.isPending}
                onView={viewProject}
                onDeleted={single.forget}
              />
            )}
          </div>
        </div>
      </main>
      <PaywallModal limits={limits.data} />
    </>
  );
}
