if Concat::Fragment['x'] { notice('namespaced ref is true') }
