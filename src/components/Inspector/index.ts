export { ProtocolInspector } from './on-demand.js';
export type { ProtocolInspectorProps } from './ProtocolInspector.js';
export { describeFrame } from './describe-frame.js';
