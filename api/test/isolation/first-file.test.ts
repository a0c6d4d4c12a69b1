import { describeFileIsolation } from './file-isolation';

describeFileIsolation('first-file', 'second-file');
