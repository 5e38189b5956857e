/**
 * The panel's change review part, fetched only for a panel given a change tracker (`changes`):
 * a host without one carries none of it.
 */
import { lazyModule } from '../../components/shared/index.js';
import { onDemandComponent } from '../../components/shared/on-demand-component.js';

const panelChangesModule = /* @__PURE__ */ lazyModule(() => import('./PanelChanges.js').then((m) => m.PanelChanges));

export const PanelChanges = /* @__PURE__ */ onDemandComponent(
  'PanelChanges',
  panelChangesModule,
  (loaded) => loaded,
  () => null,
);
