$p = Sensitive('hunter2')
notice("pw=${p}")
notice("list=${[$p, 1]}")
notice("hash=${{pw => $p}}")
