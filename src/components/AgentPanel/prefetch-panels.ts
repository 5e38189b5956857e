/**
 * The on-demand panels an AgentPanel may show soon after it mounts: sign-in, the session
 * history, the settings toolbar, and the prompts an agent sends. Fetched once the page is idle,
 * so the first paint and the connection are not delayed but the panels are usually in memory
 * before they are needed. A failure is ignored here: the panel shows it, with Retry, if rendered.
 */
import { authPanelModule } from '../AuthPanel/on-demand.js';
import { configControlsModule } from '../ConfigOptions/on-demand.js';
import { elicitationFormModule } from '../ElicitationForm/on-demand.js';
import { permissionPromptsModule } from '../PermissionPrompt/on-demand.js';
import { sessionListModule } from '../SessionList/on-demand.js';
import { usageMeterModule } from '../UsageMeter/on-demand.js';

const panels = [
  authPanelModule,
  sessionListModule,
  configControlsModule,
  usageMeterModule,
  permissionPromptsModule,
  elicitationFormModule,
];
const ignore = () => {};

export function prefetchPanels(): void {
  for (const panel of panels) panel.load().catch(ignore);
}
