import CoreMetrics
import Prometheus

/// swift-metrics' backend for the service: every metric goes to a Prometheus registry under a
/// Prometheus name (``ServiceMetrics/prometheusName(_:_:)``) with a `# HELP` line
/// (``ServiceMetrics/help(_:)``).
///
/// Hand-written beside swift-prometheus' own `PrometheusMetricsFactory`, which registers every
/// metric without help text: `promtool check metrics` then reports each one ("no help text")
/// and exits non-zero.
struct PrometheusMetricsBackend: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    let durationBuckets: [Duration]
    let valueBuckets: [Double] = [1, 5, 10, 50, 100, 500, 1_000, 5_000, 10_000]

    private func descriptor(_ label: String, _ dimensions: [(String, String)]) -> (
        MetricNameDescriptor, [(String, String)]
    ) {
        let (name, labels) = ServiceMetrics.prometheusName(label, dimensions)
        return (MetricNameDescriptor(metricName: name, unitName: "", helpText: ServiceMetrics.help(name)), labels)
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        let (descriptor, labels) = descriptor(label, dimensions)
        return registry.makeCounter(descriptor: descriptor, labels: labels)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        let (descriptor, labels) = descriptor(label, dimensions)
        return registry.makeCounter(descriptor: descriptor, labels: labels)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        let (descriptor, labels) = descriptor(label, dimensions)
        guard aggregate else { return registry.makeGauge(descriptor: descriptor, labels: labels) }
        return registry.makeValueHistogram(descriptor: descriptor, labels: labels, buckets: valueBuckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        let (descriptor, labels) = descriptor(label, dimensions)
        return registry.makeGauge(descriptor: descriptor, labels: labels)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let (descriptor, labels) = descriptor(label, dimensions)
        return registry.makeDurationHistogram(descriptor: descriptor, labels: labels, buckets: durationBuckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
        if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
