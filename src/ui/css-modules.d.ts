/** CSS Modules: each class name maps to its generated, scoped name (webpack css-loader). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Global stylesheets (tokens, page base) are imported for their side effect only. */
declare module '*.css';
