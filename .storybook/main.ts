import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Docgen tables are not used (no docs pages) and cost most of the build time.
  typescript: { reactDocgen: false },
};

export default config;
