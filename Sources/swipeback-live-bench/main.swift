// SPDX-License-Identifier: Apache-2.0
// The entry point of `swipeback-live-bench`.
import Foundation

exit(LiveBench.main())
