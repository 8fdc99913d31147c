notice(site)
