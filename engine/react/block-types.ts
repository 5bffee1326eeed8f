import type { ComponentType } from 'react';
import type { BlockComponentProps, BlockDefinition, BlockRegistry } from '../runtime/block-registry.js';

/** A block's component as the React layer renders it (its props and data are checked by the block's own types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block narrows its own props and data
export type BlockComponent = ComponentType<BlockComponentProps<any, any>>;
/** A block type whose component is a React component. */
export type ReactBlockDefinition = BlockDefinition<BlockComponent>;
/** A registry of React blocks. */
export type ReactBlockRegistry = BlockRegistry<BlockComponent>;
