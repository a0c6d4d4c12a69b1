import { describeFileIsolation } from './file-isolation';

describeFileIsolation('second-file', 'first-file');
