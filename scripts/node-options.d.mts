export declare const SERVER_NODE_OPTIONS: readonly string[];
export declare function serverNodeOptions(existing?: string): string;
