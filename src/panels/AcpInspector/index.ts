export { AcpInspector } from './AcpInspector.js';
export type { AcpInspectorProps } from './AcpInspector.js';
