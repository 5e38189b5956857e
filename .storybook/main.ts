import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The docs pages' props tables. react-docgen-typescript asks the type checker, so it sees
  // through `RootProps<Own, 'div'>` to each component's own props (react-docgen, Babel only,
  // cannot); it reads only the components' files, and lists only the props the package declares,
  // not the root element's (the tables would otherwise hold every DOM attribute).
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      include: ['src/components/**/*.tsx', 'src/panels/**/*.tsx'],
      tsconfigPath: 'tsconfig.build.json',
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      propFilter: (prop) => !prop.declarations?.every((declaration) => declaration.fileName.includes('/node_modules/')),
    },
  },
};

export default config;
