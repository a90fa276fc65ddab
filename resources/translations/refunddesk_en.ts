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
        <source>%n attempt(s)</source>
        <comment>queue field</comment>
        <translation>
            <numerusform>%n attempt</numerusform>
            <numerusform>%n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them stored but not readable as refund evidence.</source>
        <translation>
            <numerusform>%n of them stored but not readable as refund evidence.</numerusform>
            <numerusform>%n of them stored but not readable as refund evidence.</numerusform>
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
</TS>
