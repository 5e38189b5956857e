import { AcpProvider, AgentPanel } from 'acp-react';
import 'acp-react/styles.css';

export default function App() {
  return (
    <AcpProvider options={{ url: 'ws://127.0.0.1:3031/acp', clientInfo: { name: 'my-ide', version: '1.0.0' } }}>
      <AgentPanel cwd="/home/me/project" />
    </AcpProvider>
  );
}
