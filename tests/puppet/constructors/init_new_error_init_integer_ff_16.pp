notice(Init[Integer](['ff', 16]))
