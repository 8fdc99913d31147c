notice(String(42, '%+p'))
notice(String(42, '%05p'))
notice(String(-42, '%-6p'))
notice(String(42, '%.1p'))
