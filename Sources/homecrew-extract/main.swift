import Foundation
import HomeCrewMedia

// The extraction worker: reads PDFs and images for `homecrew`, one request after another on
// standard input, answering on standard output (see IsolatedExtractor and WorkerPool).
exit(ExtractionWorker.serve())
