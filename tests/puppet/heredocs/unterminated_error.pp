notice(@(END))
  never ends
