#pragma once

namespace RefundDesk::Test {

// refund-desk-testing's faults, asked for by the environment a test starts it with
// (refund-desk itself never reads these):
//   RD_TEST_DELAY_IN_RESOLVE_MS=MS  a pause between a decision's two writes, to kill it in
//   RD_TEST_MAX_PAGE_COUNT=PAGES    SQLite's max_page_count: a full disk
//   RD_TEST_BATCH_HOLD=PATH         resolve-from-evidence --yes, once planned, creates
//                                   PATH.planned and waits for PATH.go before recording
void injectFaultsFromEnvironment();

} // namespace RefundDesk::Test
