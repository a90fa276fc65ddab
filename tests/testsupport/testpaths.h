#pragma once

#include <QString>

// Where the tests find the project's files and programs. They come from one generated
// source file (testpaths.cpp in the build folder) rather than from compiler definitions,
// so that the tests' own sources compile to the same thing in every clone and ccache
// serves a fresh checkout.
namespace RefundDesk::Test {

// The refund-desk executable of this build.
QString appPath();
// refund-desk-testing: the same program, with the faults a test asks for through the
// environment (tests/seams/faultsfromenvironment.h).
QString testingAppPath();
// The project's source folder (the top of the clone).
QString sourceDir();
// tests/data in the source folder: the malformed-event corpus, sample files.
QString testDataDir();
// This build's tests folder (build/tests): screenshots a test leaves for people to look at.
QString testsBuildDir();
// Qt's lupdate, which the translation test runs on the sources.
QString lupdatePath();

} // namespace RefundDesk::Test
