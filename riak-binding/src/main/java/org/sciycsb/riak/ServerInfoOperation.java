package org.sciycsb.riak;

import com.basho.riak.client.core.FutureOperation;
import com.basho.riak.client.core.RiakMessage;
import java.util.List;
import shaded.com.basho.riak.protobuf.RiakMessageCodes;
import shaded.com.basho.riak.protobuf.RiakPB;
import shaded.com.google.protobuf.InvalidProtocolBufferException;

/**
 * RpbGetServerInfoReq (message code 7), which riak-client 2.1 has no command for: the node name and the server
 * version, for {@code storeInfo()}.
 */
final class ServerInfoOperation extends FutureOperation<ServerInfoOperation.Info, RiakPB.RpbGetServerInfoResp, Void> {
  /** What the node reported. */
  record Info(String node, String version) {}

  @Override
  protected Info convert(List<RiakPB.RpbGetServerInfoResp> responses) {
    RiakPB.RpbGetServerInfoResp r = checkAndGetSingleResponse(responses);
    return new Info(r.hasNode() ? r.getNode().toStringUtf8() : "unknown",
        r.hasServerVersion() ? r.getServerVersion().toStringUtf8() : "unknown");
  }

  @Override
  protected RiakMessage createChannelMessage() {
    return new RiakMessage(RiakMessageCodes.MSG_GetServerInfoReq, new byte[0]);
  }

  @Override
  protected RiakPB.RpbGetServerInfoResp decode(RiakMessage message) {
    if (message.getCode() != RiakMessageCodes.MSG_GetServerInfoResp) {
      throw new IllegalStateException("unexpected reply code " + message.getCode() + " to a server info request");
    }
    try {
      return RiakPB.RpbGetServerInfoResp.parseFrom(message.getData());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("bad server info reply", e);
    }
  }

  @Override
  public Void getQueryInfo() {
    return null;
  }
}
