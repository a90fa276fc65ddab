<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AuditReport</name>
    <message numerus="yes">
        <source>(%n row(s) in all)</source>
        <translation>
            <numerusform>(%n row in all)</numerusform>
            <numerusform>(%n rows in all)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>verified %n resolution(s), chain intact through #%1</source>
        <translation>
            <numerusform>verified %n resolution, chain intact through #%1</numerusform>
            <numerusform>verified %n resolutions, chain intact through #%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BatchReviewDialog</name>
    <message numerus="yes">
        <source>%1: %n operation(s), %2</source>
        <comment>outcome: count, amount</comment>
        <translation>
            <numerusform>%1: %n operation, %2</numerusform>
            <numerusform>%1: %n operations, %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message numerus="yes">
        <source>%n entries were skipped</source>
        <translation>
            <numerusform>%n entry was skipped</numerusform>
            <numerusform>%n entries were skipped</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them stored but not readable as refund evidence.</source>
        <translation>
            <numerusform>%n of them stored but not readable as refund evidence.</numerusform>
            <numerusform>%n of them stored but not readable as refund evidence.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) settled by the evidence:</source>
        <translation>
            <numerusform>%n operation settled by the evidence:</numerusform>
            <numerusform>%n operations settled by the evidence:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) left out:</source>
        <translation>
            <numerusform>%n operation left out:</numerusform>
            <numerusform>%n operations left out:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing was recorded. Run again with --yes to record these %n decision(s).</source>
        <translation>
            <numerusform>Nothing was recorded. Run again with --yes to record %n decision.</numerusform>
            <numerusform>Nothing was recorded. Run again with --yes to record these %n decisions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 Kept as lookup #%3 (%n request(s) to Stripe).</source>
        <translation>
            <numerusform>%1: %2 Kept as lookup #%3 (%n request to Stripe).</numerusform>
            <numerusform>%1: %2 Kept as lookup #%3 (%n requests to Stripe).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>The %n answer before it is kept; run the command again to ask the rest.</numerusform>
            <numerusform>The %n answers before it are kept; run the command again to ask the rest.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; run the command again to ask the rest.</source>
        <translation>
            <numerusform>Interrupted: the %n answer complete so far is kept; run the command again to ask the rest.</numerusform>
            <numerusform>Interrupted: the %n answers complete so far are kept; run the command again to ask the rest.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <comment>to Stripe</comment>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) without evidence</source>
        <comment>asked %1 of ...</comment>
        <translation>
            <numerusform>%n operation without evidence</numerusform>
            <numerusform>%n operations without evidence</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s)</source>
        <comment>stored</comment>
        <translation>
            <numerusform>%n new event</numerusform>
            <numerusform>%n new events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) copied; checking both ends (audit chain, invariants)</source>
        <translation>
            <numerusform>%n row copied; checking both ends (audit chain, invariants)</numerusform>
            <numerusform>%n rows copied; checking both ends (audit chain, invariants)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n operation(s) (%2), %3 operations/s</source>
        <translation>
            <numerusform>%1 of %n operation (%2), %3 operations/s</numerusform>
            <numerusform>%1 of %n operations (%2), %3 operations/s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n tool call</numerusform>
            <numerusform>%n tool calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost insert race(s)</source>
        <translation>
            <numerusform>%n lost insert race</numerusform>
            <numerusform>%n lost insert races</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate deliveries ignored</source>
        <translation>
            <numerusform>%n duplicate delivery ignored</numerusform>
            <numerusform>%n duplicate deliveries ignored</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>exported %n resolution(s) to %1</source>
        <translation>
            <numerusform>exported %n resolution to %1</numerusform>
            <numerusform>exported %n resolutions to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 lacks %n index(es) of schema version %2 (%3) but cannot be written. %4 Nothing was changed.</source>
        <translation>
            <numerusform>%1 lacks %n index of schema version %2 (%3) but cannot be written. %4 Nothing was changed.</numerusform>
            <numerusform>%1 lacks %n indexes of schema version %2 (%3) but cannot be written. %4 Nothing was changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Decided %1 of %2; %n skipped because they changed after the plan.</source>
        <translation>
            <numerusform>Decided %1 of %2; %n skipped because it changed after the plan.</numerusform>
            <numerusform>Decided %1 of %2; %n skipped because they changed after the plan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Events from Stripe: %1 read, %2 new, %3 already present (%n page(s)).</source>
        <translation>
            <numerusform>Events from Stripe: %1 read, %2 new, %3 already present (%n page).</numerusform>
            <numerusform>Events from Stripe: %1 read, %2 new, %3 already present (%n pages).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>page %1: %n event(s) read, %2 new</source>
        <translation>
            <numerusform>page %1: %n event read, %2 new</numerusform>
            <numerusform>page %1: %n events read, %2 new</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) asked (%4 for the first time, %5 again as due); answers by verdict: %6; %n request(s) to Stripe; %7 s.</source>
        <translation>
            <numerusform>Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) asked (%4 for the first time, %5 again as due); answers by verdict: %6; %n request to Stripe; %7 s.</numerusform>
            <numerusform>Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) asked (%4 for the first time, %5 again as due); answers by verdict: %6; %n requests to Stripe; %7 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n answer(s) before it are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>The %n answer before it is kept; the next pass asks the rest.</numerusform>
            <numerusform>The %n answers before it are kept; the next pass asks the rest.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Interrupted: the %n answer(s) complete so far are kept; the next pass asks the rest.</source>
        <translation>
            <numerusform>Interrupted: the %n answer complete so far is kept; the next pass asks the rest.</numerusform>
            <numerusform>Interrupted: the %n answers complete so far are kept; the next pass asks the rest.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EvidenceAnalyzer</name>
    <message numerus="yes">
        <source>%n refunds point at this operation (%1): money may have moved more than once</source>
        <comment>a phrase; more phrases may follow after a semicolon</comment>
        <translation>
            <numerusform>%n refunds point at this operation (%1): money may have moved more than once</numerusform>
            <numerusform>%n refunds point at this operation (%1): money may have moved more than once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No readable event states a refund for this operation; %n matching event(s) could not be read.</source>
        <translation>
            <numerusform>No readable event states a refund for this operation; %n matching event could not be read.</numerusform>
            <numerusform>No readable event states a refund for this operation; %n matching events could not be read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stripe lists %n refund(s) of this payment that no operation of this store made: %1 (the Dashboard or another tool?).</source>
        <translation>
            <numerusform>Stripe lists %n refund of this payment that no operation of this store made: %1 (the Dashboard or another tool?).</numerusform>
            <numerusform>Stripe lists %n refunds of this payment that no operation of this store made: %1 (the Dashboard or another tool?).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message numerus="yes">
        <source>Exported %Ln decision(s) to %1.</source>
        <translation>
            <numerusform>Exported %Ln decision to %1.</numerusform>
            <numerusform>Exported %Ln decisions to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReconcilerText</name>
    <message numerus="yes">
        <source>The reconciler&apos;s last pass ended at %1 and kept %n answer(s) from Stripe; the panels show what it stored.</source>
        <translation>
            <numerusform>The reconciler&apos;s last pass ended at %1 and kept %n answer from Stripe; the panels show what it stored.</numerusform>
            <numerusform>The reconciler&apos;s last pass ended at %1 and kept %n answers from Stripe; the panels show what it stored.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundComparison</name>
    <message numerus="yes">
        <source>No refund is tied to this operation, but Stripe lists %n refund(s) of its payment that no operation of this store made. If one was this operation&apos;s, made by hand, pick it and record refunded; if the money went back for something else, record failed. Either needs the override and a note.</source>
        <translation>
            <numerusform>No refund is tied to this operation, but Stripe lists %n refund of its payment that no operation of this store made. If it was this operation&apos;s, made by hand, pick it and record refunded; if the money went back for something else, record failed. Either needs the override and a note.</numerusform>
            <numerusform>No refund is tied to this operation, but Stripe lists %n refunds of its payment that no operation of this store made. If one was this operation&apos;s, made by hand, pick it and record refunded; if the money went back for something else, record failed. Either needs the override and a note.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operation&apos;s own refund and %n refund(s) made by another path took money from the same payment: the customer may have been refunded more than once. Pick the refund that is this operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>The operation&apos;s own refund and %n refund made by another path took money from the same payment: the customer may have been refunded more than once. Pick the refund that is this operation&apos;s and record it with the override and a note; have the other looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
            <numerusform>The operation&apos;s own refund and %n refunds made by another path took money from the same payment: the customer may have been refunded more than once. Pick the refund that is this operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds are tied to this operation: the customer may have been refunded more than once. Pick the one that is the operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>%n refund is tied to this operation: the customer may have been refunded more than once. Pick the one that is the operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
            <numerusform>%n refunds are tied to this operation: the customer may have been refunded more than once. Pick the one that is the operation&apos;s and record it with the override and a note; have the others looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AskStripeFlow</name>
    <message numerus="yes">
        <source>Stripe answered about %1: kept as lookup #%2 (%n request(s)).</source>
        <translation>
            <numerusform>Stripe answered about %1: kept as lookup #%2 (%n request).</numerusform>
            <numerusform>Stripe answered about %1: kept as lookup #%2 (%n requests).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AttemptTimelineView</name>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n tool call</numerusform>
            <numerusform>%n tool calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::AuditWindow</name>
    <message numerus="yes">
        <source>Showing the first %Ln matching decision(s). Narrow the filters, or export them all (File › Export…).</source>
        <translation>
            <numerusform>Showing the first %Ln matching decision. Narrow the filters, or export them all (File › Export…).</numerusform>
            <numerusform>Showing the first %Ln matching decisions. Narrow the filters, or export them all (File › Export…).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln decision(s) match</source>
        <translation>
            <numerusform>%Ln decision matches</numerusform>
            <numerusform>%Ln decisions match</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReportDialog</name>
    <message numerus="yes">
        <source>Cancelled: %n operation(s) were not tried, and wait in the queue.</source>
        <translation>
            <numerusform>Cancelled: %n operation was not tried, and waits in the queue.</numerusform>
            <numerusform>Cancelled: %n operations were not tried, and wait in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped, %n operation(s) not tried: %1</source>
        <translation>
            <numerusform>Stopped, %n operation not tried: %1</numerusform>
            <numerusform>Stopped, %n operations not tried: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left out by the reviewer: not recorded, still in the queue.</source>
        <translation>
            <numerusform>%n left out by the reviewer: not recorded, still in the queue.</numerusform>
            <numerusform>%n left out by the reviewer: not recorded, still in the queue.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::BatchReviewDialog</name>
    <message numerus="yes">
        <source>&amp;Record %n outcome(s)</source>
        <translation>
            <numerusform>&amp;Record %n outcome</numerusform>
            <numerusform>&amp;Record %n outcomes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Left out for a person (%n)</source>
        <translation>
            <numerusform>Left out for a person (%n)</numerusform>
            <numerusform>Left out for a person (%n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n operation(s) will be recorded as their evidence says, each as its own decision with the evidence it rests on. One that changes before it is written is skipped.</source>
        <translation>
            <numerusform>%n operation will be recorded as its evidence says, as its own decision with the evidence it rests on. If it changes before it is written, it is skipped.</numerusform>
            <numerusform>%n operations will be recorded as their evidence says, each as its own decision with the evidence it rests on. One that changes before it is written is skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unticked: left out by you, they stay in the queue.</source>
        <translation>
            <numerusform>%n unticked: left out by you, it stays in the queue.</numerusform>
            <numerusform>%n unticked: left out by you, they stay in the queue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The evidence settles none of these: %n operation(s) need a person, each for the reason shown beside it.</source>
        <translation>
            <numerusform>The evidence settles none of these: %n operation needs a person, for the reason shown beside it.</numerusform>
            <numerusform>The evidence settles none of these: %n operations need a person, each for the reason shown beside it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::ConsoleMenus</name>
    <message numerus="yes">
        <source>Selected %n operation(s) that the evidence settles.</source>
        <translation>
            <numerusform>Selected %n operation that the evidence settles.</numerusform>
            <numerusform>Selected %n operations that the evidence settles.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::EvidenceView</name>
    <message numerus="yes">
        <source>%n event(s) could not be read (flagged below).</source>
        <translation>
            <numerusform>%n event could not be read (flagged below).</numerusform>
            <numerusform>%n events could not be read (flagged below).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::ExposureChart</name>
    <message numerus="yes">
        <source>Decisions recorded per day (the last %n day(s))</source>
        <translation>
            <numerusform>Decisions recorded per day (the last %n day)</numerusform>
            <numerusform>Decisions recorded per day (the last %n days)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s).</source>
        <translation>
            <numerusform>Unknown now: %n operation.</numerusform>
            <numerusform>Unknown now: %n operations.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Unknown now: %n operation(s), %1.</source>
        <translation>
            <numerusform>Unknown now: %n operation, %1.</numerusform>
            <numerusform>Unknown now: %n operations, %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::JsonViewer</name>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::OperationHeader</name>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n attempt</numerusform>
            <numerusform>%n attempts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::OrderContextView</name>
    <message numerus="yes">
        <source>%n other refund operation(s)</source>
        <translation>
            <numerusform>%n other refund operation</numerusform>
            <numerusform>%n other refund operations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueueModel</name>
    <message numerus="yes">
        <source>%n try(s)</source>
        <translation>
            <numerusform>%n try</numerusform>
            <numerusform>%n tries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Overdue: unknown for longer than the store&apos;s target of %n hour(s).</source>
        <translation>
            <numerusform>Overdue: unknown for longer than the store&apos;s target of %n hour.</numerusform>
            <numerusform>Overdue: unknown for longer than the store&apos;s target of %n hours.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Time since the operation became unknown (its last attempt ended); a warning icon marks it overdue past the store&apos;s target of %n hour(s)</source>
        <translation>
            <numerusform>Time since the operation became unknown (its last attempt ended); a warning icon marks it overdue past the store&apos;s target of %n hour</numerusform>
            <numerusform>Time since the operation became unknown (its last attempt ended); a warning icon marks it overdue past the store&apos;s target of %n hours</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::QueuePane</name>
    <message numerus="yes">
        <source>%Ln operation(s)</source>
        <translation>
            <numerusform>%Ln operation</numerusform>
            <numerusform>%Ln operations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RefundDesk::RefundComparisonView</name>
    <message numerus="yes">
        <source>%n other refund(s) of this payment (%1) stay unexplained: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</source>
        <translation>
            <numerusform>%n other refund of this payment (%1) stays unexplained: have it looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
            <numerusform>%n other refunds of this payment (%1) stay unexplained: have them looked into (Ctrl+Shift+K copies a case for Stripe support).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message numerus="yes">
        <source>reading the events of %n operations</source>
        <comment>what the store was doing when it failed</comment>
        <translation>
            <numerusform>reading the events of %n operation</numerusform>
            <numerusform>reading the events of %n operations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Stripe</name>
    <message numerus="yes">
        <source>Stripe still limited the rate of requests after %n tries (429): run the command again in a few minutes, when fewer programs use this account&apos;s read limit</source>
        <translation>
            <numerusform>Stripe still limited the rate of requests after %n try (429): run the command again in a few minutes, when fewer programs use this account&apos;s read limit</numerusform>
            <numerusform>Stripe still limited the rate of requests after %n tries (429): run the command again in a few minutes, when fewer programs use this account&apos;s read limit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (the last one HTTP %2): try again later; status.stripe.com says whether Stripe has an incident</source>
        <translation>
            <numerusform>Stripe did not answer %1 after %n try (the last one HTTP %2): try again later; status.stripe.com says whether Stripe has an incident</numerusform>
            <numerusform>Stripe did not answer %1 after %n tries (the last one HTTP %2): try again later; status.stripe.com says whether Stripe has an incident</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stripe did not answer %1 after %n tries (each waited %2 s): try again later; status.stripe.com says whether Stripe has an incident.</source>
        <translation>
            <numerusform>Stripe did not answer %1 after %n try (each waited %2 s): try again later; status.stripe.com says whether Stripe has an incident.</numerusform>
            <numerusform>Stripe did not answer %1 after %n tries (each waited %2 s): try again later; status.stripe.com says whether Stripe has an incident.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Could not reach %1 after %n tries (%2): check that this machine is online and may connect to it (a firewall or a proxy), then try again.</source>
        <translation>
            <numerusform>Could not reach %1 after %n try (%2): check that this machine is online and may connect to it (a firewall or a proxy), then try again.</numerusform>
            <numerusform>Could not reach %1 after %n tries (%2): check that this machine is online and may connect to it (a firewall or a proxy), then try again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimeText</name>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n day ago</numerusform>
            <numerusform>%n days ago</numerusform>
        </translation>
    </message>
</context>
</TS>
