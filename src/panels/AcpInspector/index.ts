export { AcpInspector } from './AcpInspector.js';
