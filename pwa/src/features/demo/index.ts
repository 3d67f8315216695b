export { DemoBlock } from './components/demo-block';
export { DEMO_UPLOAD_HINT } from './components/drop-zone';
