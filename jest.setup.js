// Tests run offline against the shared local model (see README, "Testing").
const path = require('node:path');
process.env.DOCENT_MODELS_DIR ??= path.resolve(__dirname, '../shared/models');
process.env.DOCENT_EMBEDDING_MODEL ??= 'local/universal-sentence-encoder-lite-en';
