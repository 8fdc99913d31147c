unless '' { notice("unless '': body") } else { notice("unless '': else") }
unless undef { notice('unless undef: body') } else { notice('unless undef: else') }
unless 0 { notice('unless 0: body') } else { notice('unless 0: else') }
unless [] { notice('unless []: body') } else { notice('unless []: else') }
unless false { notice('unless false: body') }
