/**
 * The panel's change review parts, fetched only for a panel given a change tracker (`changes`):
 * a host without one carries none of it.
 */
import { memo } from 'react';
import { lazyModule } from '../../components/shared/index.js';
import { onDemandComponent } from '../../components/shared/on-demand-component.js';

const panelChangesModule = /* @__PURE__ */ lazyModule(() => import('./PanelChanges.js'));

export const PanelChanges = /* @__PURE__ */ onDemandComponent(
  'PanelChanges',
  panelChangesModule,
  (loaded) => loaded.PanelChanges,
  () => null,
);

/** Memoized here too: the thread asks for the streaming turn's footer on every chunk. */
export const PanelTurnChanges = /* @__PURE__ */ memo(
  /* @__PURE__ */ onDemandComponent(
    'PanelTurnChanges',
    panelChangesModule,
    (loaded) => loaded.PanelTurnChanges,
    () => null,
  ),
);
