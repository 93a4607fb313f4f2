declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.so" {
  const path: string;
  export default path;
}
declare module "*.bin" {
  const path: string;
  export default path;
}
declare module "*.node" {
  const path: string;
  export default path;
}
declare module "*.bundle.js" {
  const text: string;
  export default text;
}
declare module "*.bundle.css" {
  const text: string;
  export default text;
}
