"""The first schema: sets, cards with localized names, effect texts and search tokens, decks, and
match records with their actions (cards/models.py as of issue 3).

Written by hand from Alembic's autogenerate, with plain SQLAlchemy types so that this migration
never changes when the models evolve: later changes go in new revisions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('card_set',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=16), nullable=False),
    sa.Column('code', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('data_hash', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game', 'code')
    )
    op.create_table('deck',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('format', sa.String(length=16), nullable=False),
    sa.Column('bundled', sa.Boolean(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game', 'name')
    )
    op.create_table('match_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('uid', sa.String(length=36), nullable=False),
    sa.Column('game', sa.String(length=16), nullable=False),
    sa.Column('format', sa.String(length=16), nullable=False),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('players', sa.Text(), nullable=False),
    sa.Column('decks', sa.Text(), nullable=False),
    sa.Column('initial', sa.Text(), nullable=False),
    sa.Column('started', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished', sa.DateTime(timezone=True), nullable=True),
    sa.Column('winner', sa.Integer(), nullable=True),
    sa.Column('reason', sa.String(length=32), nullable=True),
    sa.Column('turns', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('uid')
    )
    op.create_table('action_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('notation', sa.String(length=300), nullable=False),
    sa.Column('actor', sa.Integer(), nullable=True),
    sa.Column('phase', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['match_record.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('match_id', 'seq')
    )
    op.create_table('card',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game', sa.String(length=16), nullable=False),
    sa.Column('number', sa.String(length=32), nullable=False),
    sa.Column('set_id', sa.Integer(), nullable=True),
    sa.Column('type', sa.String(length=16), nullable=False),
    sa.Column('symbols', sa.String(length=64), nullable=False),
    sa.Column('entrance_cost', sa.Integer(), nullable=True),
    sa.Column('hand_cost', sa.Integer(), nullable=True),
    sa.Column('healthy_combat', sa.Integer(), nullable=True),
    sa.Column('healthy_support', sa.Integer(), nullable=True),
    sa.Column('injured_combat', sa.Integer(), nullable=True),
    sa.Column('injured_support', sa.Integer(), nullable=True),
    sa.Column('attribute', sa.String(length=64), nullable=False),
    sa.Column('jutsu_cost', sa.String(length=64), nullable=False),
    sa.Column('characteristics', sa.Text(), nullable=False),
    sa.Column('keywords', sa.String(length=200), nullable=False),
    sa.Column('effect_kind', sa.String(length=32), nullable=False),
    sa.Column('requirement', sa.String(length=100), nullable=False),
    sa.Column('target', sa.String(length=32), nullable=False),
    sa.Column('effect', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['set_id'], ['card_set.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game', 'number')
    )
    with op.batch_alter_table('card', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_card_entrance_cost'), ['entrance_cost'], unique=False)
        batch_op.create_index(batch_op.f('ix_card_number'), ['number'], unique=False)
        batch_op.create_index(batch_op.f('ix_card_type'), ['type'], unique=False)

    op.create_table('card_name',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=False),
    sa.Column('lang', sa.String(length=2), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('folded', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['card_id'], ['card.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('card_id', 'lang')
    )
    with op.batch_alter_table('card_name', schema=None) as batch_op:
        batch_op.create_index('ix_card_name_folded', ['folded'], unique=False)

    op.create_table('card_text',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=False),
    sa.Column('lang', sa.String(length=2), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['card_id'], ['card.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('card_id', 'lang')
    )
    op.create_table('deck_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('deck_id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['card_id'], ['card.id'], ondelete='RESTRICT'),
    sa.ForeignKeyConstraint(['deck_id'], ['deck.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('deck_id', 'card_id')
    )
    op.create_table('search_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=False),
    sa.Column('lang', sa.String(length=2), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=100), nullable=False),
    sa.ForeignKeyConstraint(['card_id'], ['card.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('search_token', schema=None) as batch_op:
        batch_op.create_index('ix_search_token_token', ['token'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('search_token', schema=None) as batch_op:
        batch_op.drop_index('ix_search_token_token')

    op.drop_table('search_token')
    op.drop_table('deck_entry')
    op.drop_table('card_text')
    with op.batch_alter_table('card_name', schema=None) as batch_op:
        batch_op.drop_index('ix_card_name_folded')

    op.drop_table('card_name')
    with op.batch_alter_table('card', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_card_type'))
        batch_op.drop_index(batch_op.f('ix_card_number'))
        batch_op.drop_index(batch_op.f('ix_card_entrance_cost'))

    op.drop_table('card')
    op.drop_table('action_record')
    op.drop_table('match_record')
    op.drop_table('deck')
    op.drop_table('card_set')
