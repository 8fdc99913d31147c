notice("dollar \$x quote \" single \' backslash \\ space[\s]")
notice("tab[\t]")
