"""The 60 card points: the public points the deck starts from, and back from a point to
its card.

Cards are integers ``0..59``: the index in the canonical deck order of the rules
(B1..B13, G1..G13, R1..R13, Y1..Y13, Z1..Z4, N1..N4); this package does not know that
order, only the numbers.
"""

from __future__ import annotations

import hashlib

from wizard_p2p.crypto import group
from wizard_p2p.crypto.derivation import PREFIX
from wizard_p2p.errors import CryptoError, UsageError

__all__ = ["CARD_POINTS", "DECK_SIZE", "NotACard", "card_of", "card_point"]

DECK_SIZE = 60

_CARD_POINT_TAG = PREFIX + b"card-point\x00"


class NotACard(CryptoError):
    """A point that is none of the 60 card points (a wrong or missing key)."""


def card_point(card: int) -> bytes:
    """The public point of ``card``: from_uniform(SHA-512(tag ‖ card)[:32]), as a u-coordinate."""
    if not 0 <= card < 256:
        raise UsageError(f"card id {card} does not fit in one byte")
    digest = hashlib.sha512(_CARD_POINT_TAG + bytes([card])).digest()
    return group.from_uniform(digest[:32])


# The table card_point derives, written out, so that no process pays for deriving (and
# checking) every point at its start. The tests derive it again.
CARD_POINTS: tuple[bytes, ...] = tuple(bytes.fromhex(u) for u in (
    "61e2763ac9af14631c4a80b42e6b454f2a91d218d6b67469bc84928db7247b60",  # 0
    "7d308212168f7ceabb7ae3d3d876e1806bacc8d67ef28193eb7959c46687350d",  # 1
    "6410330d822323813b778c38d74d94012979524adfef07f1f838c8b54772991a",  # 2
    "73510a6a37f45b76b3b0d583188a85e2a2e0d0e37f1fb85fb53d05815f1d4f4f",  # 3
    "4910d1d662fdee0e995000be3319db090a8155786888bcb5a45b77d3f263d47f",  # 4
    "2ee38004e7b758a7559e1b1a3d078f9bb442cacd04de71a09bcb954b28d6c614",  # 5
    "51babf011ec4601e05c015a6b286824d440bdbfb93c4c5c348662d4b178f5458",  # 6
    "9ed8d089a0cc907c8555363d48396327432f570ee8cb0c60907e0d5d720e235a",  # 7
    "580abb412eaa64ff73cba599b832616ad78fb2cc540980a712a44c67a9794a69",  # 8
    "3b11447c4733e19beef9f814407e9f65d11da674e667c3b49a8f51f5c3c9624e",  # 9
    "b929f09e4e3826ddd64bc95a41f9a6b7ba919f36f24401e0fe0a16c2385c2f5a",  # 10
    "f90c4b65ba72b5c806189b25318e2b966a2e069ba80c94e7dee7069aca612542",  # 11
    "8b173d149bfed76c6593de64570c2d68c68456efeb87b993309114883c5dc730",  # 12
    "23ce5db6fadb0a224ca9ba68d8236b3bbedd282c43170f7ea8dd4a399f50d747",  # 13
    "504e0d4af5fa722f02592fe50f44e6cea7db8754f0f1068e4e347800bb01cd52",  # 14
    "77e718c34c35fe046485c3cf8191837730346683034dd7a4e3dc4a1cc4249c02",  # 15
    "f251874030a1b2d46671e3ff568342d364028185f027558b0d36a4daee54c364",  # 16
    "3830c19047249175a02febc889d7bde901d1032a809d5ebf1afef5b955d4a72e",  # 17
    "169a10e62f72de1c9b0cd58b32fdd1f9622a220946d0dbb39b5ca49f4926296d",  # 18
    "65de9b854d78c094b606b372f27aca06b132bc8cfe8637152d6768065f82182e",  # 19
    "fb36302bbbde34dbf09af3d705b8cfb8bd1d8a10a59b67c54b92fd42b43bc620",  # 20
    "17d55aa075ff4e2f0fc2cbaffb30e5e18f03106a136aa37c6594557639d41b42",  # 21
    "bec2321c18e05e2c78fcf2d0c7244f1267f28a9947fd19e60e608c6b90c8ce3c",  # 22
    "787094523f0498cace481d20ed8ac023376bc6f0f5c1bfd319d8fe7e81fec523",  # 23
    "2a89406552ac37f70c65be33bb12d6a97d61e13e84dd0ea652239f005450c507",  # 24
    "e447164a8de920a24e526b0b056fe313f8b5b77d1f8fca689438973d3aecd63a",  # 25
    "02f517958292c231fe84667a6a40323bbf9a700445d1c23fce55ab40673ba62e",  # 26
    "5defaf1e6817daa39b041c7c90db55654dc56048a0002f1af412f942f753af50",  # 27
    "1dfc9f806f6e91af45587710bdc1e8b2691c22fcce82e8ef3cfae272a3e9711e",  # 28
    "6381a22b5656606509af8a9eb79e9f1a8104bebaac09e2e890b54299190ba10c",  # 29
    "303cb43a5b26928253a0d7c18353e898370256586e437a551cfc458a4660df0f",  # 30
    "01625e694c069772d3205644735979b78b2ffcb5db429592dad1f42d5a5d1145",  # 31
    "1a65e64648e016da9b6dfb398ef04985f0b149569d89c948fcfd3b4cc36d3d11",  # 32
    "9947b6876506e94e3df23b837542774c260fb8ec93871229552bdcccfd101a70",  # 33
    "29c778f25c7fc5a32f04cac313d8fe1924afad8c96fe3f7f00df6d2db8e8d230",  # 34
    "d0edd917d655335e3f0f1d907cbe261e3be8b819753b064e7da67c9aa05cf67e",  # 35
    "bfc62c9e43437a547961eba3214d389b0ca63e37a9199d897ef7ee0c9473dd7d",  # 36
    "c58adf0707eae6a5ab427f7be9a677d6f8184a5240f40e0de5fe0e309a512375",  # 37
    "2538fa8c2c2d49493667f970dd6358a1c664f6ef98f7216e164772cdbd65143b",  # 38
    "2fa7bdd72586bae5cd6e8dd45db9581946a8d1abacd29215712f761ce7817a00",  # 39
    "0d8c2d1a9efbc5e7d3cd0202f8869ffe0cc64a6c3c3e4e5e242e827445e5ed19",  # 40
    "6dedd70df717efa89af53d4f9d92aaf6182389f4621ff0d0e18035f4e0c98a7e",  # 41
    "793ae6a39576114e738b3347af7c3e13fd3964899569562a089b73041ba5c67b",  # 42
    "320cdf823fdf662e7be6b9eaa0c7aa5515552ac51e16c7009b45f8c522bf1b63",  # 43
    "95502385f604b2b71146b5d683e55ffc04a210f1859b707b84c58b3709854c6c",  # 44
    "7c0127af176c6490316b016db9687335a27fd51b2b685e399cb13010c628b041",  # 45
    "fb0e350143a0587964e77c2f5cbff10484b944b9b766a6e088134e0b1e937471",  # 46
    "6f7938275e4948ef1127124506e1c7951d27dd5b9cbf75111e8e0364e1335516",  # 47
    "4a87fc7b0fddf85711babb15cb073deece6bddfc163f504831653f4175cd3738",  # 48
    "868edba27b5874b5713ffc13761662d775ac85655d87f838ce97101e4fe51617",  # 49
    "674d9250fbdbdf9dd8228d737bb8cc41c3a090ca94ddbbc9850833233f6b5976",  # 50
    "55c41ff961f6761bf196a5ee6699800fcc50174fcd8702b73c695963f2622530",  # 51
    "b86491c6f529c66cc0a20bae20e219fc9c05a96c803c322547a6f8b45c7c1a57",  # 52
    "77d024428f9e0a364ca2d79bf6fc7a4f1db8fc30a845d3b28e3dc61f3d62dc32",  # 53
    "0f6df5804986f8894f1783cfd6677a93ce691fdfe77cd50c19534ff46fcdaf59",  # 54
    "3c1457f28963b1eee3a4afa64c42d331a5bfe1c4841acd9f1c14b631223e3a18",  # 55
    "c71087750085d1b1f536e2619359d9efb4ece1fe6868fef1e64cc34972b38a0c",  # 56
    "0bf99e4184e6202859eb87354e75eed5d1cd89b5e7fcbf95c4bdc00c20fff916",  # 57
    "5fdc14dc983daf1494c83581ed2e22f19287a6baae2485a93eb6a42ea6016e04",  # 58
    "4d2455d672c74af140c068be4e420c28cf3e7a2d22633ba418d53af30e581a12",  # 59
))
_CARD_OF: dict[bytes, int] = {p: c for c, p in enumerate(CARD_POINTS)}


def card_of(point: bytes) -> int:
    """The card whose point is ``point``; :class:`NotACard` for any other bytes."""
    try:
        return _CARD_OF[point]
    except (KeyError, TypeError):
        raise NotACard("the unlocked point is not a card: a lock key is wrong") from None
