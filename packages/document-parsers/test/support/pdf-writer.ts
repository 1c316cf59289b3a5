export {
  passwordProtectedPdf,
  pdfOf,
  scannedTypedBlankPdf,
  streamObject,
} from '@docent/test-support';
