notice(String(42, '%-6d|'))
