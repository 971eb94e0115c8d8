// The entry point of `swipeback-live-bench`.
import Foundation

exit(LiveBench.main())
