// Tests run offline against the shared local model (see README, "Test"): all-MiniLM-L6-v2 with
// its int8 weights, which embed about twice as fast as fp32 on CI's CPUs at the same ranking.
const path = require('node:path');
process.env.DOCENT_MODELS_DIR ??= path.resolve(__dirname, '../shared/models');
process.env.DOCENT_EMBEDDING_MODEL ??= 'local/all-MiniLM-L6-v2';
process.env.DOCENT_EMBEDDING_DTYPE ??= 'q8';
