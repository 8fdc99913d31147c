class settings {}
