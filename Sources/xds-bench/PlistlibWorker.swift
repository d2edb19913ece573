// Sources/xds-bench/PlistlibWorker.swift - CPython plistlib timing its own loop, in its own process

/// The Python side of the plistlib measurement: `python3 -c SCRIPT OPERATION INPUT SMOKE`.
///
/// It mirrors `Timing.measure` (warm-up, ~20 ms batches, 11/5/3 samples, peak RSS reset before the
/// loop) and prints the same JSON line as a Swift worker, so the driver treats both alike.
enum PlistlibWorker {
    static let script = #"""
        import json, os, plistlib, resource, sys, time
        op, path, smoke = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
        try:
            resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        except (ValueError, OSError):
            pass
        def status(field):
            with open("/proc/self/status") as f:
                for line in f:
                    if line.startswith(field + ":"):
                        return int(line.split()[1])
        res = {"samples": [], "cpuSamples": [], "iterations": 0, "bytes": 0, "outcome": "ok"}
        def measure(body):
            t = time.perf_counter_ns(); c = time.thread_time_ns(); body()
            once = max(1, time.perf_counter_ns() - t)
            if smoke:
                return [float(once)], [float(time.thread_time_ns() - c)], 1
            batch, batch_cpu = 1, max(1, time.thread_time_ns() - c)
            if batch_cpu < 20000000:
                # As Timing.measure: sized from warm doubling batches of at least 1 ms of CPU time.
                while True:
                    c = time.thread_time_ns()
                    for _ in range(batch):
                        body()
                    batch_cpu = max(1, time.thread_time_ns() - c)
                    if batch_cpu >= 1000000 or batch >= 200000:
                        break
                    batch *= 2
            per = max(1, batch_cpu // batch)
            n = max(1, min(200000, 20000000 // per))
            count = 3 if per > 1e9 else 5 if per > 2e8 else 11
            samples, cpu = [], []
            for _ in range(count):
                t = time.perf_counter_ns(); c = time.thread_time_ns()
                for _ in range(n):
                    body()
                cpu.append((time.thread_time_ns() - c) / n)
                samples.append((time.perf_counter_ns() - t) / n)
            return samples, cpu, n
        try:
            if op == "read-decode":
                body = lambda: len(plistlib.loads(os.getxattr(path, "user.x-document-source")))
                res["bytes"] = len(os.getxattr(path, "user.x-document-source"))
            else:
                with open(path, "rb") as f:
                    data = f.read()
                res["bytes"] = len(data)
                if op == "decode":
                    body = lambda: plistlib.loads(data) is not None
                elif op == "encode":
                    obj = plistlib.loads(data)
                    body = lambda: len(plistlib.dumps(obj, fmt=plistlib.FMT_BINARY))
                    res["bytes"] = body()
                else:
                    raise ValueError("plistlib has no operation " + op)
            with open("/proc/self/clear_refs", "w") as f:
                f.write("5")
            res["baselineRSSKiB"] = status("VmRSS")
            try:
                res["samples"], res["cpuSamples"], res["iterations"] = measure(body)
            except Exception as e:
                res["outcome"] = "rejected: %s: %s (timed to the rejection)" % (type(e).__name__, str(e)[:160])
                def rejecting():
                    try:
                        body()
                    except Exception:
                        pass
                res["samples"], res["cpuSamples"], res["iterations"] = measure(rejecting)
            res["peakRSSKiB"] = status("VmHWM")
        except BaseException as e:
            res["outcome"] = "rejected: %s: %s" % (type(e).__name__, str(e)[:160])
        print(json.dumps(res))
        """#
}
