// Ambient declarations for what webpack (and jest's identity-obj-proxy) turns into modules.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}

/** Build-time constants defined by the shared webpack factory. */
declare const __APP_NAME__: string;
declare const __BUILD_ID__: string;
