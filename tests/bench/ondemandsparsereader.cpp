#include "ondemandsparsereader.h"

#include "ondemandkernels.h"

#include <simdjson.h>

#include <string>

namespace RefundDesk::Bench {

OnDemandSparseReader::OnDemandSparseReader(const Internal::SparseJsonReader &keys, Mode mode, Kernel kernel)
    : m_keys(keys)
    , m_mode(mode)
    , m_kernel(kernel)
{
}

std::optional<nlohmann::json> OnDemandSparseReader::read(std::string_view text) const
{
    const bool validating = m_mode == Mode::Validating;
    return m_kernel == Kernel::Haswell ? HaswellKernel::read(m_keys, validating, false, text)
                                       : BaselineKernel::read(m_keys, validating, false, text);
}

std::optional<nlohmann::json> OnDemandSparseReader::readPadded(std::string_view text) const
{
    const bool validating = m_mode == Mode::Validating;
    return m_kernel == Kernel::Haswell ? HaswellKernel::read(m_keys, validating, true, text)
                                       : BaselineKernel::read(m_keys, validating, true, text);
}

const char *OnDemandSparseReader::kernelName() const
{
    return m_kernel == Kernel::Haswell ? HaswellKernel::name() : BaselineKernel::name();
}

const char *OnDemandSparseReader::runtimeImplementation()
{
    static const std::string name = simdjson::get_active_implementation()->name();
    return name.c_str();
}

size_t OnDemandSparseReader::padding()
{
    return simdjson::SIMDJSON_PADDING;
}

const char *OnDemandSparseReader::version()
{
    static const std::string text = std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + '.'
        + std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + '.' + std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
    return text.c_str();
}

} // namespace RefundDesk::Bench
