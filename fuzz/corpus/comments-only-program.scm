; A program of comments only produces no output.
#| nothing |#
